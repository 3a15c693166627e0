"""``RemoteMonitor``: posts each epoch's logs to a server, as Keras 3's callback does.

Keras posts with the ``requests`` library; this one uses the standard library's
``urllib.request`` (same URL, same form field or JSON body, same headers), so it needs nothing
installed.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
import warnings

import numpy as np

from .callback import Callback


class RemoteMonitor(Callback):
    """Sends ``{'epoch': epoch, **logs}`` to ``root + path`` at the end of every epoch: as the
    form field ``field`` (JSON-encoded), or as a JSON body with ``send_as_json=True``. A server
    that cannot be reached gives a warning, not an error.
    """

    def __init__(
        self,
        root="http://localhost:9000",
        path="/publish/epoch/end/",
        field="data",
        headers=None,
        send_as_json=False,
    ):
        super().__init__()
        self.root, self.path, self.field = root, path, field
        self.headers, self.send_as_json = headers, send_as_json

    def on_epoch_end(self, epoch, logs=None):
        send = {"epoch": epoch}
        for key, value in (logs or {}).items():
            send[key] = value.item() if isinstance(value, (np.ndarray, np.generic)) else value
        headers = dict(self.headers or {})
        if self.send_as_json:
            body = json.dumps(send).encode()
            headers.setdefault("Content-Type", "application/json")
        else:
            body = urllib.parse.urlencode({self.field: json.dumps(send)}).encode()
            headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
        request = urllib.request.Request(self.root + self.path, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10):
                pass
        except (urllib.error.URLError, OSError):
            warnings.warn(f"Could not reach RemoteMonitor root server at {self.root}", stacklevel=2)
