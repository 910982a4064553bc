"""SCP/1, the Skruuvi conformance protocol: its message shapes, the reference server, and ``serve``'s loop on its
pipes."""
