import { Page, Section } from '../../ui/page';
import { CategoryPreview } from './category-preview';
import { CategoryTree } from './category-tree';

/** Learning-system provisioning: the live category tree and a previewed plan of new categories. */
export function ProvisioningPage() {
  return (
    <Page title="Learning system" lead="Provision the learning system's categories: preview first, then create.">
      <Section title="Plan categories">
        <CategoryPreview />
      </Section>
      <Section title="Category tree">
        <CategoryTree />
      </Section>
    </Page>
  );
}
