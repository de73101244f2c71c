"""What every game shares: actions, errors, views, records, seeded dealing."""
