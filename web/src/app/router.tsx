import { lazy, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { AppShell } from './app-shell';
import { HomeRedirect } from './home-redirect';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';
import { ForMenuPage } from './role-gate';
import { WithValidIds } from './valid-ids';

// Each area loads when first opened, so signing in downloads only the shell.
const OverviewPage = lazy(() =>
  import('../features/analytics/overview-page').then((m) => ({ default: m.OverviewPage })),
);
const TrendsPage = lazy(() => import('../features/analytics/trends-page').then((m) => ({ default: m.TrendsPage })));
const FacultyReportPage = lazy(() =>
  import('../features/reports/faculty-report-page').then((m) => ({ default: m.FacultyReportPage })),
);
const MyReportPage = lazy(() =>
  import('../features/reports/my-report-page').then((m) => ({ default: m.MyReportPage })),
);
const RunAnalysisPage = lazy(() =>
  import('../features/analysis/run-analysis-page').then((m) => ({ default: m.RunAnalysisPage })),
);
const PipelinePage = lazy(() =>
  import('../features/analysis/pipeline-page').then((m) => ({ default: m.PipelinePage })),
);
const AlertsPage = lazy(() => import('../features/alerts/alerts-page').then((m) => ({ default: m.AlertsPage })));
const MyCoursesPage = lazy(() =>
  import('../features/evaluations/my-courses-page').then((m) => ({ default: m.MyCoursesPage })),
);
const EvaluatePage = lazy(() =>
  import('../features/evaluations/evaluate-page').then((m) => ({ default: m.EvaluatePage })),
);
const QuestionnairesPage = lazy(() =>
  import('../features/questionnaires/questionnaires-page').then((m) => ({ default: m.QuestionnairesPage })),
);
const QuestionnairePage = lazy(() =>
  import('../features/questionnaires/questionnaire-page').then((m) => ({ default: m.QuestionnairePage })),
);
const DraftPage = lazy(() => import('../features/questionnaires/draft-page').then((m) => ({ default: m.DraftPage })));
const IngestionPage = lazy(() =>
  import('../features/ingestion/ingestion-page').then((m) => ({ default: m.IngestionPage })),
);
const GeneratorPage = lazy(() =>
  import('../features/generator/generator-page').then((m) => ({ default: m.GeneratorPage })),
);
const AuditPage = lazy(() => import('../features/audit/audit-page').then((m) => ({ default: m.AuditPage })));
const ProvisioningPage = lazy(() =>
  import('../features/provisioning/provisioning-page').then((m) => ({ default: m.ProvisioningPage })),
);

/** A menu page, for the roles of its menu entry (`path`). */
const gated = (path: string, page: ReactNode) => <ForMenuPage path={path}>{page}</ForMenuPage>;

/** A page addressed by ids: one that cannot be an id shows the not-found page. */
const withIds = (page: ReactNode) => <WithValidIds>{page}</WithValidIds>;

/** Every client route; the API serves index.html for each, so a reload keeps the page. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <AppShell />,
    children: [
      {
        // A page that fails to load or render shows its error inside the shell, which stays usable.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomeRedirect /> },
          { path: 'overview', element: gated('/overview', <OverviewPage />) },
          { path: 'trends', element: gated('/trends', <TrendsPage />) },
          { path: 'faculty/:facultyId', element: withIds(<FacultyReportPage />) },
          { path: 'my-report', element: gated('/my-report', <MyReportPage />) },
          { path: 'analysis', element: gated('/analysis', <RunAnalysisPage />) },
          { path: 'analysis/:pipelineId', element: withIds(<PipelinePage />) },
          { path: 'alerts', element: gated('/alerts', <AlertsPage />) },
          { path: 'courses', element: gated('/courses', <MyCoursesPage />) },
          { path: 'courses/:courseId/evaluate/:facultyId', element: gated('/courses', withIds(<EvaluatePage />)) },
          { path: 'questionnaires', element: gated('/questionnaires', <QuestionnairesPage />) },
          {
            path: 'questionnaires/:questionnaireId',
            element: gated('/questionnaires', withIds(<QuestionnairePage />)),
          },
          {
            path: 'questionnaires/:questionnaireId/versions/:versionId',
            element: gated('/questionnaires', withIds(<DraftPage />)),
          },
          { path: 'ingestion', element: gated('/ingestion', <IngestionPage />) },
          { path: 'generator', element: gated('/generator', <GeneratorPage />) },
          { path: 'audit', element: gated('/audit', <AuditPage />) },
          { path: 'provisioning', element: gated('/provisioning', <ProvisioningPage />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
