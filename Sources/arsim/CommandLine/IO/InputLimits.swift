import SceneFormat

/// The limits every command holds its inputs to, in one place: the library's
/// `RecordingLimits` (defaults listed there), each raised or lowered by an environment variable,
/// and the hint that a limit error carries to say how to raise it.
///
/// `ARSIM_MAX_JSON_FILE_BYTES=1073741824 arsim replay big.json` replays a 1 GiB JSON recording
/// (if the memory is there: about 8 to 12 times the file); a variable that is not a whole number
/// >= 1 is a usage error naming it.
enum InputLimits {
  /// One limit: its environment variable, the `RecordingLimits` property and what it bounds.
  struct Variable: Sendable {
    /// The environment variable, e.g. `ARSIM_MAX_FRAMES`.
    let name: String
    /// The `RecordingLimits` property, as limit errors name it (`maximumFrames`).
    let property: String
    /// The property.
    let keyPath: WritableKeyPath<RecordingLimits, Int> & Sendable
    /// What it bounds, for the README and help.
    let meaning: String
  }

  /// Every limit, in the order the README lists them.
  static let variables: [Variable] = [
    Variable(
      name: "ARSIM_MAX_JSON_FILE_BYTES", property: "maximumJSONFileBytes",
      keyPath: \.maximumJSONFileBytes, meaning: "bytes of a recording in the whole-file JSON form"),
    Variable(
      name: "ARSIM_MAX_FILE_BYTES", property: "maximumFileBytes", keyPath: \.maximumFileBytes,
      meaning: "bytes of any recording file (JSON Lines included)"),
    Variable(
      name: "ARSIM_MAX_LINE_BYTES", property: "maximumLineBytes", keyPath: \.maximumLineBytes,
      meaning: "bytes of one line of a JSON Lines recording or an importer's text file"),
    Variable(
      name: "ARSIM_MAX_DOCUMENT_BYTES", property: "maximumDocumentBytes",
      keyPath: \.maximumDocumentBytes,
      meaning: "bytes of another input read whole: scene spec, settings, grid, plane list, "
        + "request, points or samples file, standard input"),
    Variable(
      name: "ARSIM_MAX_FRAMES", property: "maximumFrames", keyPath: \.maximumFrames,
      meaning: "frames of a recording (pose lines of an import)"),
    Variable(
      name: "ARSIM_MAX_POINTS_PER_FRAME", property: "maximumPointsPerFrame",
      keyPath: \.maximumPointsPerFrame, meaning: "feature points (or Vision points) in a frame"),
    Variable(
      name: "ARSIM_MAX_DETECTIONS_PER_FRAME", property: "maximumDetectionsPerFrame",
      keyPath: \.maximumDetectionsPerFrame, meaning: "detections (or boxes) in a frame"),
    Variable(
      name: "ARSIM_MAX_PLANES_PER_FRAME", property: "maximumPlanesPerFrame",
      keyPath: \.maximumPlanesPerFrame, meaning: "plane anchors in a frame or plane list"),
  ]

  /// The limits with every variable set in `environment` applied over the defaults.
  ///
  /// - Throws: a usage error naming the variable when its value is not a whole number >= 1.
  static func limits(environment: [String: String]) throws(CommandLineError) -> RecordingLimits {
    var limits = RecordingLimits.default
    for variable in variables {
      guard let text = environment[variable.name] else { continue }
      guard let value = Int(text), value >= 1 else {
        throw .usage(
          "environment variable \(variable.name): expected a whole number >= 1, got \""
            + TerminalText.escaped(text) + "\"")
      }
      limits[keyPath: variable.keyPath] = value
    }
    return limits
  }

  /// What to append to a `.limitExceeded` error's text to say how to raise the limit it names
  /// (`(maximumFrames)` in its message): `: raise it with the environment variable
  /// ARSIM_MAX_FRAMES=N` (after a message ending "raise the limit", ` with the environment
  /// variable ...`), or `nil` for other errors.
  static func hint(for error: InputFileError) -> String? {
    guard error.kind == .limitExceeded,
      let variable = variables.first(where: { error.message.contains("(\($0.property)") })
    else { return nil }
    // A message that already says "or raise the limit" gets the way to do it appended.
    let how = "with the environment variable \(variable.name)=N"
    return error.message.hasSuffix("raise the limit") ? " " + how : ": raise it " + how
  }
}
