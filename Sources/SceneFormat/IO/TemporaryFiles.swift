import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files of ``OutputFileWriter``s not yet committed or discarded, so that a tool
/// interrupted by a signal (`SIGINT`, `SIGTERM`, `SIGHUP`) can remove them before it exits.
/// (`SIGKILL` cannot be caught: it leaves the hidden temporary, never a damaged target.)
package enum TemporaryFiles {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var paths: Set<String> = []

  static func register(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    paths.insert(path)
  }

  static func unregister(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    paths.remove(path)
  }

  /// The temporaries now open, sorted.
  package static var live: [String] {
    lock.lock()
    defer { lock.unlock() }
    return paths.sorted()
  }

  /// Removes every live temporary (for a signal handler running on a normal thread, e.g. a
  /// `DispatchSource`; not async-signal-safe). Writers still open fail on their next write or
  /// commit.
  package static func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    for path in paths { unlink(path) }
    paths.removeAll()
  }
}
