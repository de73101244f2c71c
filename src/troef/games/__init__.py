"""Games built on the troef core."""
