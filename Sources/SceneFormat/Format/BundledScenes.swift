import Foundation

/// The scenes, specs and JSON Schemas that ship with the package (its `Scenes/` folder), for a
/// package that depends on ARPlacementSim by version or path and scores its placer on them.
///
/// ```swift
/// let recording = try BundledScenes.recording("dashboard-portrait.json")
/// let spec = try BundledScenes.url(for: "specs/dashboard-portrait.json")
/// ```
///
/// The files are found next to the package's sources on the machine that built it: the package
/// checkout (`.build/checkouts/ARPlacementSim/Scenes` in a dependent package, the clone itself
/// for a path dependency). That is where tests, CI jobs and command-line tools run; an app
/// installed on a phone does not carry them (copy the files it needs into its own bundle).
/// Set the environment variable `ARSIM_SCENES_DIRECTORY` to read another copy.
public enum BundledScenes {
  /// The `Scenes/` folder: `ARSIM_SCENES_DIRECTORY` when set, otherwise the one beside this
  /// package's sources.
  public static var directory: URL {
    if let override = ProcessInfo.processInfo.environment["ARSIM_SCENES_DIRECTORY"],
      !override.isEmpty
    {
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    // This file is Sources/SceneFormat/Format/BundledScenes.swift in the package.
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Scenes", isDirectory: true)
  }

  /// The bundled file at `relativePath` inside ``directory`` (`"dashboard-portrait.json"`,
  /// `"specs/tabletop-landscape.json"`, `"schema/recording.schema.json"`).
  ///
  /// - Throws: ``InputFileError`` (`.io`) naming the path when no such file exists, with the
  ///   folder searched.
  public static func url(for relativePath: String) throws -> URL {
    let url = directory.appendingPathComponent(relativePath)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    else {
      throw InputFileError(
        .io,
        "no bundled file of that name in \(directory.path) (set ARSIM_SCENES_DIRECTORY to "
          + "the package's Scenes folder if it moved)", file: relativePath)
    }
    return url
  }

  /// The names of the bundled recordings at the top of ``directory`` (`*.json`, sorted).
  public static var recordingNames: [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }

  /// Reads and validates the bundled recording at `relativePath` (JSON or JSON Lines).
  ///
  /// - Throws: ``InputFileError`` naming the file, as ``Recording/init(contentsOfFile:strict:limits:)``.
  public static func recording(_ relativePath: String, strict: Bool = false) throws -> Recording {
    try Recording(contentsOfFile: url(for: relativePath).path, strict: strict)
  }
}
