/// An error in one of the package's input files or documents: a recording (JSON or JSON Lines), a
/// plane list, a scene spec, a sweep grid, replay settings, sweep results, or an importer's source
/// files; also an I/O failure reading or writing one of them.
///
/// It names the place: the file (as given by the caller), for text errors the 1-based line and
/// column, and the JSON path from the document root (`frames[12].camera.intrinsics[0]`; frames of
/// a JSON Lines file use the same path, with the frame's 0-based index). ``description`` renders
/// it as `scene.json: frames[12].camera.intrinsics[0]: focal length must be > 0, got 0`.
public struct InputFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, coarsely; the message says exactly what.
  public enum Kind: Sendable, Hashable {
    /// The file could not be opened, read or written.
    case io
    /// The text is not JSON (or a JSON Lines line is not one JSON value).
    case syntax
    /// `format` is not the document's format name (`arplacementsim.recording`,
    /// `arplacementsim.sceneSpec`, ...) or `version` is not one this reader supports.
    case unsupportedVersion
    /// A required member is missing.
    case missingField
    /// A member has the wrong JSON type or the wrong number of elements.
    case typeMismatch
    /// A value is out of range, non-finite, not rigid, not increasing, duplicated, or an unknown
    /// enum name.
    case invalidValue
    /// A member the format does not define (reported only in strict mode).
    case unknownField
    /// A source file of an importer is malformed.
    case importFormat
    /// The input is larger or deeper than a ``RecordingLimits`` maximum (the message names it).
    case limitExceeded
  }

  /// One step of a JSON path: an object member or an array element (0-based).
  public enum PathComponent: Sendable, Hashable {
    /// An object member.
    case key(String)
    /// An array element, 0-based.
    case index(Int)
  }

  /// The coarse category.
  public var kind: Kind
  /// The file name as the caller gave it, or `nil` for in-memory data.
  public var file: String?
  /// The 1-based line in the file, when known (syntax errors, JSON Lines, importer sources).
  public var line: Int?
  /// The 1-based column (in bytes) on ``line``, when known.
  public var column: Int?
  /// The JSON path from the document root; empty for the root itself.
  public var path: [PathComponent]
  /// What is wrong, without the place.
  public var message: String

  /// Creates an error.
  public init(
    _ kind: Kind, _ message: String, path: [PathComponent] = [], file: String? = nil,
    line: Int? = nil, column: Int? = nil
  ) {
    self.kind = kind
    self.message = message
    self.path = path
    self.file = file
    self.line = line
    self.column = column
  }

  /// The 0-based index of the frame the error is in (the path starts with `frames[i]`), or `nil`
  /// when it is not inside a frame.
  public var frameIndex: Int? {
    guard path.count >= 2, case .key("frames") = path[0], case .index(let i) = path[1] else {
      return nil
    }
    return i
  }

  /// The path in dotted form: `frames[12].camera.intrinsics[0]`; keys that are not plain
  /// identifiers are written `["some key"]`. Empty for the root.
  public var jsonPath: String {
    var text = ""
    for component in path {
      switch component {
      case .index(let i):
        text += "[\(i)]"
      case .key(let key):
        let plain =
          !key.isEmpty
          && key.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
              || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
          }
        if plain {
          text += text.isEmpty ? key : ".\(key)"
        } else {
          text += "[\"\(key)\"]"
        }
      }
    }
    return text
  }

  /// `file:line:column: path: message`, leaving out the parts that are unknown.
  public var description: String {
    var place = file ?? ""
    if let line {
      place += place.isEmpty ? "line \(line)" : ":\(line)"
      if let column { place += ":\(column)" }
    }
    var parts: [String] = []
    if !place.isEmpty { parts.append(place) }
    let pathText = jsonPath
    if !pathText.isEmpty { parts.append(pathText) }
    parts.append(message)
    return parts.joined(separator: ": ")
  }

  /// This error with `component` put in front of its path (used while unwinding).
  public func prefixed(_ component: PathComponent) -> InputFileError {
    var copy = self
    copy.path.insert(component, at: 0)
    return copy
  }

  /// This error with the file name (and line) filled in when not already set.
  package func located(file: String?, line: Int? = nil) -> InputFileError {
    var copy = self
    if copy.file == nil { copy.file = file }
    if copy.line == nil { copy.line = line }
    return copy
  }
}

/// The former name of ``InputFileError``, from when only recordings threw it.
@available(*, deprecated, renamed: "InputFileError")
public typealias RecordingError = InputFileError
