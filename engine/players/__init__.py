"""The players' room: the built-in players that answer a duel's decisions.

- :mod:`.computer` and :mod:`.computer_combat`: the computer opponent (its
  heuristic, its attacks and blocks), answering from its seat's view only;
- :mod:`.lookahead`: its one-ply look-ahead on determinized copies
  (:mod:`engine.determinize`) that hold nothing its seat cannot see;
- :mod:`.sensible`: the heuristic baseline of the benchmarks and tests;
- :mod:`.random_player`: the random player of the property tests;
- :mod:`.selfplay`: duels between built-in players (``manaburn selfplay``).

They play through the engine's public face only: :class:`engine.Duel`
(``pending``, ``apply``, ``clone``, ``view``, ``over``, ``winner``), the
decisions (:mod:`engine.decisions`), the views (:mod:`engine.view`), the
printed cards (:mod:`engine.carddb`), the decks (:mod:`engine.decks`), card
references (:mod:`engine.refs`) and determinized copies
(:mod:`engine.determinize`). The rules core never imports this package
(both directions enforced by tests/test_players_layout.py).
"""
