"""The Automa, the solo opponent, in a room of its own: a seat that plays by its deck (`seat`).

- `setup`: its seat at set-up (faction, VP, research, first pieces, first booster).
- `deck`: its decision deck, built by difficulty, drawn from each turn, grown each round.
- `turn`: its one move, `automa`: set-up pieces, first booster, its turns and its pass.
- `actions`: the actions of a card (mine, upgrade, research, action spaces) with their tie-breakers;
  `select`: how it chooses (numbered, by direction, tie-breakers).
- `score`: its VP by source, the difficulty's extra VP, its counts on final tiles.
- `seat`: `AutomaSeat`, what the common rules ask of its seat (`rules/seats.py`).

It reads its content from `content/automa.py` and changes the board with the common primitives
(`building.put_piece`, `building.terraform_steps`, `holdings`).
"""
