/// The version `arsim --version` prints: the one place it is written. Bump it in the commit
/// that changes what a release contains (see the README's Development section).
enum Version {
  /// Semantic version: major for incompatible changes to a command's output or the recording
  /// format, minor for new commands or options, patch for fixes.
  static let current = "0.1.0"
}
