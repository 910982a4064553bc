"""Opening a named file for reading, only when it is a regular file.

A command given a FIFO would block until some writer came (``mkfifo f.yaml; skruuvi replay f.yaml``), and a device
might never end; every file the commands read by name is opened here, so each of these is one clear line instead.
"""

from __future__ import annotations

import fcntl
import os
import stat
from pathlib import Path
from typing import IO


class NotRegularFile(OSError):
    """A named path that is a FIFO, a device, a socket or a folder: nothing is read from it (a FIFO would block a
    command until some writer came, a device might never end)."""


def open_regular(path: str | Path) -> IO[bytes]:
    """``path`` opened for reading bytes, or :class:`NotRegularFile` (an :class:`OSError`) when it is no regular
    file (a link to one is followed). The file is opened without waiting (``O_NONBLOCK``, so that a FIFO does not
    block here) and then asked what it is, so no other file can come between the look and the open."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = ("a FIFO" if stat.S_ISFIFO(mode) else "a folder" if stat.S_ISDIR(mode)
                    else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
                    else "not a regular file")
            raise NotRegularFile(f"not a regular file ({kind}); name a file")
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


__all__ = ["NotRegularFile", "open_regular"]
