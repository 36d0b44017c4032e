/// The theme compiled into the binary (see `scripts/embed-theme.py`), so `scrollery` needs no files beside it.
enum DefaultTheme {}
