"""The scheduling passes: thin xDSL wrappers that build a problem from IR, call a solver and write the schedule back."""
