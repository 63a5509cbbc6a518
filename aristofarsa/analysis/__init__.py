"""Pure analysis of rounds: runs and traces in, data out (graphs, explanations, variants, what-ifs)."""
