"""What every game table is built from: the table scene base (the line to the host, the event dispatch) in ``scene``,
couch play in ``couch``, the seat plates and the felt in ``plates``, kept pictures in ``kept``, popups in ``popups``,
tweens in ``tween``, the pause menu in ``pause``, banners in ``banner``, cards in flight in ``flight``, dialogs'
frames in ``dialog``, the results panel in ``results``, the end-of-game cheer in ``cheer``, a watcher's seat offer in
``seat_offer`` and «Повтор партии» in ``replay``."""
