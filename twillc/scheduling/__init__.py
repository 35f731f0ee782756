"""The scheduling core: problem types, bounds, modulo / joint / GauS solvers, the independent checkers.
Pure Python: no xDSL, no IR."""
