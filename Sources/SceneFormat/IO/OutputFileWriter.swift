import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes one output file the way `sort -o` and `install` do, so that a failure never leaves a
/// damaged file behind: every file the package and the command-line tool write goes through it.
///
/// - A regular file (new or existing) is written to a temporary file in the target's directory
///   (`.NAME.arsim-XXXXXX`, created with mode `0666` less the umask), and ``commit()`` flushes
///   it (`fsync`), renames it over the target and flushes the directory. Until then the target
///   is untouched; ``discard()``, an error, or releasing the writer without committing removes
///   the temporary. Two writers of one path never interleave: each has its own temporary, and
///   the last to commit leaves its complete file. A `kill -9` can leave only the hidden
///   temporary, never a truncated target.
/// - An existing file keeps its permission bits (and, where the system allows, its owner and
///   group); one the user may not write is refused before anything is written, as `cp` would.
/// - A symbolic link is written through to the file it points to (created when the link
///   dangles), never replaced.
/// - A target that is not a regular file (a character device such as `/dev/null` or
///   `/dev/full`, a FIFO, a terminal) is opened and written in place, never replaced; so is a
///   sink such as standard output (``init(name:sink:)``).
/// - When the system refuses the rename (the target is a mount point, or lies in a sticky
///   directory owned by someone else), the finished temporary is copied into the target in
///   place instead and then removed.
///
/// Errors are ``InputFileError`` of kind `.io` naming the path as given, with the system's
/// reason: `out.json: cannot write the file: No space left on device`.
package final class OutputFileWriter {
  /// How the bytes reach the target.
  enum Mode {
    /// A temporary file renamed over `target` on commit.
    case replacing(temporary: String, target: String, directory: String)
    /// The target itself, opened for writing (a device, a FIFO).
    case inPlace
    /// A caller's sink (standard output).
    case sink(([UInt8]) throws(InputFileError) -> Void)
  }

  /// The path as the caller gave it (used in errors).
  package let path: String
  /// Bytes handed to ``write(_:)`` so far.
  package private(set) var byteCount = 0
  let mode: Mode
  private var descriptor: Int32
  private var buffer: [UInt8] = []
  private let bufferSize: Int
  private var finished = false

  /// Opens `path` for writing: a temporary beside a regular target, or the target itself when
  /// it is a device or FIFO.
  ///
  /// - Throws: ``InputFileError`` (`.io`) naming `path`: the target is a directory, a file the
  ///   user may not write, a path whose directory does not exist or cannot be searched, or
  ///   no temporary can be created in its directory.
  package init(path: String, bufferSize: Int = 1 << 16) throws(InputFileError) {
    self.path = path
    self.bufferSize = max(1, bufferSize)
    let target = try Self.resolve(path)
    switch target {
    case .device:
      let fd = path.withCString { open($0, O_WRONLY | O_NOCTTY | O_CLOEXEC) }
      guard fd >= 0 else { throw Self.failure(path, "cannot write the file", errno) }
      descriptor = fd
      mode = .inPlace
    case .regular(let targetPath, let existing):
      let directory = Self.directory(of: targetPath)
      let (fd, temporary) = try Self.createTemporary(beside: targetPath, in: directory, for: path)
      if let existing {
        // Keep the permission bits; keep owner and group where the system lets us.
        _ = fchmod(fd, existing.st_mode & 0o777)
        if existing.st_uid != geteuid() || existing.st_gid != getegid() {
          _ = fchown(fd, existing.st_uid, existing.st_gid)
        }
      }
      descriptor = fd
      mode = .replacing(temporary: temporary, target: targetPath, directory: directory)
      TemporaryFiles.register(temporary)
    }
    buffer.reserveCapacity(min(self.bufferSize, 1 << 20))
  }

  /// A writer that hands its bytes to `sink` (standard output, say) in pieces of about
  /// `bufferSize` bytes; `name` stands for it in errors. Commit flushes, discard drops what is
  /// still buffered (what was handed over stays written).
  package init(
    name: String, bufferSize: Int = 1 << 16,
    sink: @escaping ([UInt8]) throws(InputFileError) -> Void
  ) {
    path = name
    self.bufferSize = max(1, bufferSize)
    descriptor = -1
    mode = .sink(sink)
  }

  deinit { discard() }

  /// Whether the bytes go to a temporary that ``commit()`` renames over the target.
  package var replacesTarget: Bool {
    if case .replacing = mode { return true }
    return false
  }

  /// Appends `bytes` (buffered).
  ///
  /// - Throws: ``InputFileError`` (`.io`) with the system's reason (`No space left on device`,
  ///   `File too large`); the writer should then be discarded.
  package func write(_ bytes: some Sequence<UInt8>) throws(InputFileError) {
    precondition(!finished, "write after commit or discard")
    let before = buffer.count
    buffer.append(contentsOf: bytes)
    byteCount += buffer.count - before
    if buffer.count >= bufferSize { try flush() }
  }

  /// Writes what is buffered, makes it durable and puts it in place (see the type's summary).
  /// Calling it twice is a programming error.
  ///
  /// - Throws: ``InputFileError`` (`.io`); the temporary is removed and the target untouched.
  package func commit() throws(InputFileError) {
    precondition(!finished, "commit after commit or discard")
    do throws(InputFileError) {
      try flush()
      switch mode {
      case .sink:
        break
      case .inPlace:
        let fd = descriptor
        descriptor = -1
        if close(fd) != 0 && errno != EINTR { throw failure("cannot write the file", errno) }
      case .replacing(let temporary, let target, let directory):
        if fsync(descriptor) != 0 { throw failure("cannot write the file", errno) }
        let fd = descriptor
        descriptor = -1
        if close(fd) != 0 && errno != EINTR { throw failure("cannot write the file", errno) }
        if rename(temporary, target) != 0 {
          let code = errno
          guard code == EBUSY || code == EXDEV || code == EPERM else {
            throw failure("cannot replace the file", code)
          }
          try Self.copyContents(of: temporary, into: target, name: path)
          unlink(temporary)
        }
        TemporaryFiles.unregister(temporary)
        Self.syncDirectory(directory)
      }
      finished = true
    } catch {
      discard()
      throw error
    }
  }

  /// Closes and removes the temporary without touching the target (nothing happens after a
  /// commit, or the second time).
  package func discard() {
    guard !finished else { return }
    finished = true
    buffer = []
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
    if case .replacing(let temporary, _, _) = mode {
      unlink(temporary)
      TemporaryFiles.unregister(temporary)
    }
  }

  /// Hands the buffer to the file or sink.
  private func flush() throws(InputFileError) {
    guard !buffer.isEmpty else { return }
    if case .sink(let sink) = mode {
      try sink(buffer)
    } else {
      try Self.writeAll(buffer, to: descriptor) { code throws(InputFileError) in
        throw failure("cannot write the file", code)
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Copies `source` into the existing file `target` in place (truncating it first), then
  /// flushes it: how a finished temporary reaches a target that cannot be renamed over (a mount
  /// point, a file in another user's sticky directory). Errors name `name`.
  package static func copyContents(of source: String, into target: String, name: String)
    throws(InputFileError)
  {
    let input = source.withCString { open($0, O_RDONLY | O_CLOEXEC) }
    guard input >= 0 else { throw failure(name, "cannot replace the file", errno) }
    defer { close(input) }
    let output = target.withCString { open($0, O_WRONLY | O_TRUNC | O_CLOEXEC) }
    guard output >= 0 else { throw failure(name, "cannot write the file", errno) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        let code = errno
        close(output)
        throw failure(name, "cannot replace the file", code)
      }
      if count == 0 { break }
      do {
        try writeAll(chunk[..<count], to: output) { code throws(InputFileError) in
          throw failure(name, "cannot write the file", code)
        }
      } catch {
        close(output)
        throw error
      }
    }
    let synced = fsync(output) == 0 || errno == EINVAL
    let code = errno
    if close(output) != 0 || !synced { throw failure(name, "cannot write the file", code) }
  }

  private func failure(_ what: String, _ code: Int32) -> InputFileError {
    Self.failure(path, what, code)
  }

  static func failure(_ path: String, _ what: String, _ code: Int32) -> InputFileError {
    InputFileError(.io, "\(what): \(FileReading.reason(code))", file: path)
  }

  /// Writes every byte, retrying interrupted and partial writes and waiting on a full
  /// non-blocking descriptor; `fail` gets any other `errno`.
  static func writeAll(
    _ bytes: some Collection<UInt8>, to fd: Int32,
    fail: (Int32) throws(InputFileError) -> Void
  ) throws(InputFileError) {
    let contiguous = Array(bytes)
    var offset = 0
    while offset < contiguous.count {
      let count = contiguous.withUnsafeBytes { buffer in
        systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if count >= 0 {
        offset += count
        continue
      }
      let code = errno
      switch code {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&waiting, 1, -1)
      default: try fail(code)
      }
    }
  }
}

/// `write(2)` (a free function, so the method `write(_:)` does not hide it).
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}
