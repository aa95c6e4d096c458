"""Manaburn's SQLite storage (duels, collections, trades)."""
