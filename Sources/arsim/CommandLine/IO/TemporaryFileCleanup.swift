import Foundation
import SceneFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the temporaries of unfinished output files when the tool is interrupted (`SIGINT`,
/// `SIGTERM`, `SIGHUP`), then ends the tool by the same signal, so the shell sees the usual
/// status (130 for Ctrl-C).
///
/// The signals are blocked in every thread (threads inherit the mask of the main thread, which
/// blocks them before any other thread exists) and taken by one thread waiting in `sigwait`,
/// so the cleanup runs as ordinary code, not in signal context. A signal the tool was started
/// with ignored (`nohup`, a background job) stays ignored. `SIGKILL` cannot be caught: it
/// leaves the hidden temporary, never a damaged target.
enum TemporaryFileCleanup {
  /// Installs the waiting thread (once; `StandardStreams.process` calls it at start, before
  /// any other thread is created).
  static let install: Void = {
    var waited = sigset_t()
    sigemptyset(&waited)
    for number in [SIGINT, SIGTERM, SIGHUP] {
      // Keep a signal the tool was started with ignored.
      let previous = signal(number, SIG_DFL)
      if isIgnored(previous) {
        signal(number, SIG_IGN)
        continue
      }
      sigaddset(&waited, number)
    }
    pthread_sigmask(SIG_BLOCK, &waited, nil)
    let set = waited
    let thread = Thread {
      var mask = set
      var number: Int32 = 0
      guard sigwait(&mask, &number) == 0 else { return }
      TemporaryFiles.removeAll()
      // End the tool by the signal itself: unblocked here, its default action is to terminate.
      var only = sigset_t()
      sigemptyset(&only)
      sigaddset(&only, number)
      pthread_sigmask(SIG_UNBLOCK, &only, nil)
      raise(number)
    }
    thread.name = "arsim signal cleanup"
    thread.start()
  }()

  /// Whether the disposition `signal` returned is `SIG_IGN`.
  private static func isIgnored(_ handler: __sighandler_t?) -> Bool {
    guard let handler else { return false }
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
