"""What a case asks of an engine: the feature tags it needs (and their cache for ``serve``'s start), and its
expectation under readings other than the ones it was written for (variants)."""
