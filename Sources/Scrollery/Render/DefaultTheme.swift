/// The theme compiled into the binary, so `scrollery` needs no files beside it: its `files` are generated
/// from `templates/` at build time (the EmbedTheme plugin).
enum DefaultTheme {}
