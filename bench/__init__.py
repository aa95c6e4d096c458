"""Benchmarks and soak tests: ``python -m bench`` (see bench/README.md).

Modules: ``engine_bench`` (engine speed, replay, crowded board, memory,
profile), ``roundtrips`` (decision points that reach a human), ``latency``
with ``harness`` and ``botproc`` (the bot in its own process against the fake
Discord), ``storage_bench``, ``soak`` and ``killsoak``; ``common`` (timing, /proc, results), ``report``
(the table in bench/README.md).
"""
