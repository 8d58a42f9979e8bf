import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the built `arsim` executable end to end and captures its output.
///
/// The child is started with `posix_spawn`, so each standard stream can be a pipe, a file or
/// device (`/dev/full`, a directory as stdin), a pipe whose reader is already gone, or closed.
/// Standard output and standard error are read on their own threads while the input is written
/// on a third, so a child that fills one pipe while the test reads another cannot deadlock; a
/// child still running after `timeout` (a generous bound, not a timing check) is killed and
/// the run throws `ArsimRunner.Failure.timedOut`.
struct ArsimRunner {
  struct Result {
    /// The exit status, or 128 + the signal number when a signal ended the child (as shells
    /// report it: 132 for SIGILL, 134 for SIGABRT).
    let status: Int32
    let stdout: String
    let stderr: String
    /// The signal that ended the child, if one did.
    let signal: Int32?
  }

  /// Standard input for the child.
  enum Input {
    /// A pipe that receives these bytes and is then closed.
    case text(String)
    /// A file opened read-only (a directory, say).
    case path(String)
    /// Descriptor 0 closed.
    case closed
    /// A pipe the test writes to while the child runs (`Running.input`); the child sees its
    /// end when the test closes it.
    case heldOpen
  }

  /// Standard output or error for the child.
  enum Output {
    /// A pipe the runner reads to its end.
    case pipe
    /// A file or device opened write-only (`/dev/full`, say).
    case path(String)
    /// A pipe whose read end is closed before the child starts: writes fail with `EPIPE`.
    case brokenPipe
    /// The descriptor closed.
    case closed
  }

  enum Failure: Error, CustomStringConvertible {
    case executableNotFound
    case spawnFailed(Int32)
    case openFailed(String, Int32)
    case timedOut(arguments: [String])

    var description: String {
      switch self {
      case .executableNotFound: "the arsim executable was not found next to the tests"
      case .spawnFailed(let code): "posix_spawn failed: \(String(cString: strerror(code)))"
      case .openFailed(let path, let code): "\(path): \(String(cString: strerror(code)))"
      case .timedOut(let arguments): "arsim \(arguments) ran too long and was killed"
      }
    }
  }

  /// The `arsim` binary next to the test bundle (SwiftPM puts products in one directory).
  static let executable: URL? = {
    var candidates: [URL] = []
    let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    candidates.append(argv0)
    candidates.append(Bundle.main.bundleURL)
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    for directory in candidates {
      let url = directory.appendingPathComponent("arsim")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
  }()

  /// Writing to a child that exits early must fail with `EPIPE`, not kill the test process.
  private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  /// Runs `arsim arguments` with `stdin` as its standard input (empty when `nil`).
  static func run(_ arguments: [String], stdin: String? = nil) throws -> Result {
    try run(arguments, input: .text(stdin ?? ""))
  }

  /// Runs `arsim arguments` with the given standard streams.
  ///
  /// - Parameters:
  ///   - environment: variables set (or, with `nil`, removed) for the child on top of the test
  ///     process's environment.
  ///   - shellSetup: when given, the child is `/bin/sh -c '<shellSetup>; exec arsim "$@"'`, so
  ///     that `umask 027` or `ulimit -f 4` applies to `arsim` alone.
  static func run(
    _ arguments: [String], input: Input, output: Output = .pipe, error: Output = .pipe,
    environment: [String: String?] = [:], shellSetup: String? = nil,
    timeout: DispatchTimeInterval = .seconds(600)
  ) throws -> Result {
    try start(
      arguments, input: input, output: output, error: error, environment: environment,
      shellSetup: shellSetup
    ).wait(timeout: timeout)
  }

  /// A child started by `start`: its process id, the pipe to its standard input (for
  /// `.heldOpen`), and `wait` for its result.
  final class Running {
    let pid: pid_t
    /// The write end of the child's standard input (`.heldOpen` only).
    let input: FileHandle?
    let arguments: [String]
    fileprivate let group: DispatchGroup
    fileprivate let collected: Collected
    fileprivate var parentEnds: [Int32]

    fileprivate init(
      pid: pid_t, input: FileHandle?, arguments: [String], group: DispatchGroup,
      collected: Collected, parentEnds: [Int32]
    ) {
      self.pid = pid
      self.input = input
      self.arguments = arguments
      self.group = group
      self.collected = collected
      self.parentEnds = parentEnds
    }

    deinit { for fd in parentEnds { close(fd) } }

    /// Waits for the child to end (killing it after `timeout`, a guard against a hang, not a
    /// timing check) and returns what it wrote and its status.
    func wait(timeout: DispatchTimeInterval = .seconds(600)) throws -> Result {
      if group.wait(timeout: .now() + timeout) == .timedOut {
        kill(pid, SIGKILL)
        _ = group.wait(timeout: .now() + .seconds(60))
        throw Failure.timedOut(arguments: arguments)
      }
      let status = collected.status
      let signal = status & 0x7F
      return Result(
        status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
        stdout: String(decoding: collected.output(0), as: UTF8.self),
        stderr: String(decoding: collected.output(1), as: UTF8.self),
        signal: signal == 0 ? nil : signal)
    }
  }

  /// Starts `arsim arguments` (see `run`) and returns at once.
  static func start(
    _ arguments: [String], input: Input, output: Output = .pipe, error: Output = .pipe,
    environment: [String: String?] = [:], shellSetup: String? = nil
  ) throws -> Running {
    guard let executable else { throw Failure.executableNotFound }
    _ = ignoreBrokenPipes
    var parentEnds: [Int32] = []  // closed when the run ends
    var childEnds: [Int32] = []  // closed in the parent once the child has them
    var handedOver = false
    defer { if !handedOver { for fd in parentEnds { close(fd) } } }
    var heldInput: FileHandle?

    func makePipe() -> (read: Int32, write: Int32) {
      var fds: [Int32] = [0, 0]
      precondition(pipe(&fds) == 0, "pipe failed")
      for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
      return (fds[0], fds[1])
    }
    func openFile(_ path: String, _ flags: Int32) throws -> Int32 {
      let fd = open(path, flags | O_CLOEXEC)
      guard fd >= 0 else { throw Failure.openFailed(path, errno) }
      return fd
    }

    // What each of the child's descriptors 0, 1, 2 becomes (nil: closed).
    var sources: [Int32?] = [nil, nil, nil]
    var inputPipe: Int32?
    switch input {
    case .text:
      let p = makePipe()
      sources[0] = p.read
      childEnds.append(p.read)
      inputPipe = p.write
      parentEnds.append(p.write)
    case .path(let path):
      let fd = try openFile(path, O_RDONLY)
      sources[0] = fd
      childEnds.append(fd)
    case .closed: break
    case .heldOpen:
      let p = makePipe()
      sources[0] = p.read
      childEnds.append(p.read)
      heldInput = FileHandle(fileDescriptor: p.write, closeOnDealloc: true)
    }
    var readers: [Int32?] = [nil, nil]
    for (slot, stream) in [(1, output), (2, error)] {
      switch stream {
      case .pipe:
        let p = makePipe()
        sources[slot] = p.write
        childEnds.append(p.write)
        readers[slot - 1] = p.read
        parentEnds.append(p.read)
      case .path(let path):
        let fd = try openFile(path, O_WRONLY)
        sources[slot] = fd
        childEnds.append(fd)
      case .brokenPipe:
        let p = makePipe()
        close(p.read)
        sources[slot] = p.write
        childEnds.append(p.write)
      case .closed: break
      }
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, source) in sources.enumerated() {
      if let source {
        posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
      } else {
        posix_spawn_file_actions_addclose(&actions, Int32(target))
      }
    }
    var program = executable.path
    var words = [executable.path] + arguments
    if let shellSetup {
      program = "/bin/sh"
      words = ["/bin/sh", "-c", "\(shellSetup); exec \"$0\" \"$@\"", executable.path] + arguments
    }
    let argv = words.map { strdup($0) } + [nil]
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    let environment = variables.sorted { $0.key < $1.key }.map { strdup("\($0)=\($1)") } + [nil]
    defer { for pointer in argv + environment { free(pointer) } }
    // The child starts with the default action for the signals tests send and none blocked,
    // whatever the test process inherited (a background job ignores SIGINT).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, number) }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, environment)
    for fd in childEnds { close(fd) }
    guard spawned == 0 else { throw Failure.spawnFailed(spawned) }

    // Feed, drain and wait on separate threads; the group's timeout only guards against a hang.
    let group = DispatchGroup()
    let collected = Collected()
    if case .text(let text) = input, let fd = inputPipe {
      let bytes = Array(text.utf8)
      group.enter()
      Thread.detachNewThread {
        Self.writeAll(bytes, to: fd)
        close(fd)
        group.leave()
      }
      parentEnds.removeAll { $0 == fd }
    }
    for (index, reader) in readers.enumerated() {
      guard let fd = reader else { continue }
      group.enter()
      Thread.detachNewThread {
        collected.set(index, Self.readAll(fd))
        group.leave()
      }
    }
    group.enter()
    let child = pid
    Thread.detachNewThread {
      var status: Int32 = 0
      while waitpid(child, &status, 0) == -1 && errno == EINTR {}
      collected.setStatus(status)
      group.leave()
    }
    handedOver = true
    return Running(
      pid: pid, input: heldInput, arguments: arguments, group: group, collected: collected,
      parentEnds: parentEnds)
  }

  /// What the threads gather, behind a lock.
  fileprivate final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var outputs: [[UInt8]] = [[], []]
    private var waitStatus: Int32 = 0

    func set(_ index: Int, _ bytes: [UInt8]) { lock.withLock { outputs[index] = bytes } }
    func setStatus(_ status: Int32) { lock.withLock { waitStatus = status } }
    func output(_ index: Int) -> [UInt8] { lock.withLock { outputs[index] } }
    var status: Int32 { lock.withLock { waitStatus } }
  }

  private static func writeAll(_ bytes: [UInt8], to fd: Int32) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if count < 0 {
        if errno == EINTR { continue }
        return  // EPIPE: the child stopped reading; what it read is what it gets.
      }
      offset += count
    }
  }

  private static func readAll(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if count > 0 {
        bytes += chunk[0..<count]
      } else if count == 0 || errno != EINTR {
        return bytes
      }
    }
  }
}
