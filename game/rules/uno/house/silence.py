"""What the two silence rules share: the silence itself and its breaking."""
from ..events import SilenceEnded, SilenceStarted
from ..state import Silence

QUIET_EMOTES = ("смех", "кашель")  # «Кашель, смех… не считаются нарушением тишины»


def start(ctx, kind, seat, colour=None):
    ctx.state.silence = Silence(kind, seat, colour, at=seat)
    ctx.ev.append(SilenceStarted(seat, kind))


def end(ctx, broken_by=-1):
    ctx.state.silence = None
    ctx.ev.append(SilenceEnded(broken_by))


def punish(eng, ctx, seat):
    if ctx.state.silence is None:
        return False
    end(ctx, seat)
    eng.take(ctx, seat, 2, "silence")
    return True
