"""The process and the disk: files written whole or not at all, and Ctrl-C / SIGTERM handled so that nothing saved is
lost."""
