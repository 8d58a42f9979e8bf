import Foundation
import SceneFormat

/// The three standard streams as a command uses them: every read and write reports failure as
/// a value, never a trap. `process` is the real one; tests substitute their own.
struct StandardStreams: Sendable {
  /// Why a stream could not be used.
  enum Failure: Error, Sendable, Equatable {
    /// The reader of standard output went away (`EPIPE`): the tool exits 141, as Unix tools
    /// killed by `SIGPIPE` do, without a message.
    case brokenPipe
    /// Any other failure; the message says which stream and the system's reason.
    case failed(String)
  }

  /// Reads standard input to its end, or stops once more than the given number of bytes have
  /// been read (the caller refuses the input then).
  let readInput: @Sendable (Int) throws(Failure) -> [UInt8]
  /// A handle on standard input for reading it in pieces (the caller's handle closes only
  /// its own duplicate of the descriptor).
  let openInput: @Sendable () throws(Failure) -> FileHandle
  /// Writes bytes to standard output, all of them or a failure.
  let writeOutput: @Sendable ([UInt8]) throws(Failure) -> Void
  /// Writes text to standard error; failures are ignored (there is nowhere left to report them).
  let writeError: @Sendable (String) -> Void
  /// Whether standard error is a terminal (progress lines are shown only then).
  let errorIsTerminal: Bool
  /// The file standard input is redirected from, if any (an output must not be that file).
  var inputIdentity: FileIdentity? = nil
}
