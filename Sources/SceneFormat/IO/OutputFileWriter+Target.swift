import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension OutputFileWriter {
  /// What a path to be written names, after following symbolic links.
  enum Target {
    /// A regular file to be replaced by rename: the path of the file itself (links followed)
    /// and, when it exists, its status (mode, owner).
    case regular(path: String, existing: stat?)
    /// Anything else that can be opened for writing: a device, a FIFO, a terminal.
    case device
  }

  /// The most symbolic links followed for a dangling link (Linux's `MAXSYMLINKS`).
  static let maximumLinkDepth = 40

  /// Follows `path` to what would be written.
  ///
  /// - Throws: `.io` naming `path`: a directory, a regular file the user may not write
  ///   (`Permission denied`, `Read-only file system`), or a path that cannot be looked up
  ///   (`No such file or directory` for a missing directory, `Not a directory`, too many
  ///   links).
  static func resolve(_ path: String) throws(InputFileError) -> Target {
    var status = stat()
    if stat(path, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFREG:
        if faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0 {
          throw failure(path, "cannot write the file", errno)
        }
        return .regular(path: try realPath(of: path), existing: status)
      case S_IFDIR:
        throw failure(path, "cannot write the file", EISDIR)
      default:
        return .device
      }
    }
    let code = errno
    guard code == ENOENT else { throw failure(path, "cannot write the file", code) }
    // A new file, or a link that points to one that does not exist yet: follow the links to
    // the name that will be created.
    var current = path
    for _ in 0..<maximumLinkDepth {
      var linkStatus = stat()
      guard lstat(current, &linkStatus) == 0, linkStatus.st_mode & S_IFMT == S_IFLNK else {
        let missing = errno
        if missing != ENOENT { throw failure(path, "cannot write the file", missing) }
        // The directory must exist: say so now rather than when the temporary is created.
        var directoryStatus = stat()
        let directory = self.directory(of: current)
        guard stat(directory, &directoryStatus) == 0 else {
          throw failure(path, "cannot write the file", errno)
        }
        guard directoryStatus.st_mode & S_IFMT == S_IFDIR else {
          throw failure(path, "cannot write the file", ENOTDIR)
        }
        return .regular(path: current, existing: nil)
      }
      guard let destination = readLink(current) else {
        throw failure(path, "cannot write the file", errno)
      }
      current =
        destination.hasPrefix("/") ? destination : directory(of: current) + "/" + destination
    }
    throw failure(path, "cannot write the file", ELOOP)
  }

  /// The absolute, link-free path of the regular file an output written to `path` would
  /// replace or create, or `nil` when `path` is not (or cannot be) written that way (a device,
  /// a FIFO, an error the writer reports later). Two outputs with the same value would write
  /// the same file.
  package static func canonicalTarget(of path: String) -> String? {
    guard case .regular(let target, _)? = try? resolve(path),
      let directory = try? realPath(of: directory(of: target))
    else { return nil }
    let name = target.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    return directory == "/" ? "/\(name)" : "\(directory)/\(name)"
  }

  /// The absolute path of an existing file with every link resolved.
  static func realPath(of path: String) throws(InputFileError) -> String {
    guard let resolved = realpath(path, nil) else {
      throw failure(path, "cannot write the file", errno)
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The target of the symbolic link `path`, or `nil` (with `errno` set).
  static func readLink(_ path: String) -> String? {
    var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &bytes, bytes.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: bytes[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The directory part of `path` (`.` when it has none, `/` for a file in the root).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  /// Creates `.NAME.arsim-XXXXXX` (a fresh random suffix until the name is free) in
  /// `directory`, with mode 0666 less the umask.
  ///
  /// - Throws: `.io` naming `displayPath` and the directory, with the system's reason.
  static func createTemporary(beside target: String, in directory: String, for displayPath: String)
    throws(InputFileError) -> (descriptor: Int32, path: String)
  {
    let name = target.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init)
    // Keep the temporary's name within NAME_MAX (255 bytes) whatever the target's length.
    var prefix = ""
    for character in name ?? "" {
      if prefix.utf8.count + character.utf8.count > 200 { break }
      prefix.append(character)
    }
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var generator = SystemRandomNumberGenerator()
    var code: Int32 = EEXIST
    for _ in 0..<100 {
      let suffix = String((0..<6).map { _ in alphabet.randomElement(using: &generator)! })
      let temporary = "\(directory)/.\(prefix).arsim-\(suffix)"
      let fd = temporary.withCString {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
      }
      if fd >= 0 { return (fd, temporary) }
      code = errno
      if code != EEXIST && code != EINTR { break }
    }
    throw InputFileError(
      .io,
      "cannot create a temporary file in \(directory) (outputs are written there and renamed): "
        + FileReading.reason(code), file: displayPath)
  }

  /// Flushes a directory's entries (the rename) to disk; file systems that cannot are skipped.
  static func syncDirectory(_ directory: String) {
    let fd = directory.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }
}
