"""IR plumbing shared by the front end, the passes and lowering: the xDSL context, located verification and errors."""
