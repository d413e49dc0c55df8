"""What the system layer says, English and Russian: a disk's errors as the package words them
(system/files.py imports this module, which declares the sentences at import).
"""

from __future__ import annotations

from . import messages

messages.add(
    {
        "files.cannot_read": ("{path}: cannot be read ({reason}).", "{path}: не читается ({reason})."),
        "files.cannot_written": (
            "{path}: cannot be written ({reason}).",
            "{path}: не записывается ({reason}).",
        ),
        "files.space_left_device_files": (
            "no space left on the device for {path}; the files written before are unchanged.",
            "на диске нет места для {path}; файлы, записанные раньше, не изменены.",
        ),
        "files.cannot_written_2": (
            "{path}: cannot be written ({error_type}: {reason}).",
            "{path}: не записывается ({error_type}: {reason}).",
        ),
    }
)
