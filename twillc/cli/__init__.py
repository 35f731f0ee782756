"""The command line: the pass registry and the graph-file jobs the driver runs."""
