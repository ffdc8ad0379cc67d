"""Numbers, steps and sizes as curvedoc writes them in messages and reports. Ground floor: imports nothing from
curvedoc, so the detectors (their messages), the importers (size limits), the engine (filling rule templates) and
the reporters (tables) write a number the same way.

    fmt_num(0.00123) -> '0.00123'   fmt_num(1234567.0) -> '1.23e+06'   fmt_num(12) -> '12'
    fmt_step(12000) -> '12,000'     fmt_pct(-0.42) -> '-42%'         fmt_bytes(250_000_000) -> '250.0 MB'
"""

from __future__ import annotations


def fmt_step(step: int | float | None) -> str:
    if step is None:
        return "?"
    return f"{int(step):,}"


def fmt_num(x: float, digits: int = 3) -> str:
    """Human number: 0.00123 -> '0.00123', 1234567 -> '1.23e+06', NaN -> 'NaN'."""
    import numpy as np

    if x is None:
        return "?"
    if isinstance(x, (int, np.integer)):
        return f"{int(x):,}"
    if not np.isfinite(x):
        return "NaN" if np.isnan(x) else ("inf" if x > 0 else "-inf")
    ax = abs(x)
    if ax != 0 and (ax >= 1e5 or ax < 1e-3):
        return f"{x:.{digits - 1}e}"
    return f"{x:.{digits}g}"


def fmt_pct(x: float) -> str:
    import numpy as np

    if x is None or not np.isfinite(x):
        return "?"
    if 0.995 <= abs(x) < 1.0:  # "-100%" for a 99.8% drop would read as "went to zero"
        return f"{x * 100:+.1f}%"
    return f"{x * 100:+.0f}%" if abs(x) >= 0.01 else f"{x * 100:+.1f}%"


def fmt_bytes(n: int) -> str:
    """Bytes for people: 3.2 GB, 250.0 MB, 12.5 kB, 900 bytes (a small limit must not read '0.0 GB')."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} bytes"


__all__ = ["fmt_bytes", "fmt_num", "fmt_pct", "fmt_step"]
