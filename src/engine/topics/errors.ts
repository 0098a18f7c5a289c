/** The documents given to the topic model cannot be modelled (the worker answers `status: "failed"`). */
export class TopicModelInputError extends Error {
  override readonly name = 'TopicModelInputError';
}
