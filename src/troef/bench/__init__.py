"""What ``troef bench`` runs: fixed, seeded workloads that print their figures."""
