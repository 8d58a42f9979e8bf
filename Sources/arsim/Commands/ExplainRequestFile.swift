import ARSimulation
import Foundation
import SceneFormat
import SpatialMath

/// The JSON file of `arsim explain --request`: one box plus the recording format's `vision`,
/// `viewport` and `camera` objects, every member optional (`#/$defs/explainRequest` in the
/// schema). The nested objects are read by the format's own types (`RecordingVision`,
/// `RecordingViewport`, `RecordingCamera`), so they have one JSON form everywhere; unknown
/// top-level members are errors, as in the schema.
struct ExplainRequestFile {
  /// Vision normalized `[x, y, width, height]`, lower-left origin.
  let box: [Double]?
  /// The captured image size in pixels.
  let imageSize: Size?
  let vision: VisionRequestSettings?
  let viewport: Viewport?
  let camera: Camera?

  /// Decodes a request; errors are `InputFileError`s with the JSON path (`camera.intrinsics`).
  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    box = try object.optional("box") { value in
      let box = try value.numbers(count: 4)
      guard box[2] >= 0, box[3] >= 0 else {
        throw InputFileError(.invalidValue, "width and height must be >= 0")
      }
      return box
    }
    imageSize = try object.optional("imageSize") { value in
      let size = try value.size()
      guard size.isPositiveAndFinite else {
        throw InputFileError(.invalidValue, "expected [width, height], both > 0")
      }
      return size
    }
    vision = try object.optional("vision") {
      try RecordingVision(json: $0, strict: false).requestSettings()
    }
    viewport = try object.optional("viewport") {
      try RecordingViewport(json: $0, strict: false).simulatedViewport()
    }
    camera = try object.optional("camera") {
      try RecordingCamera(json: $0, strict: false).camera()
    }
    _ = try object.extras()
  }

  /// Reads and decodes `path` (`-` for standard input); errors name the file (`<stdin>`) and
  /// the JSON path, or for text that is not JSON the line and column.
  static func load(path: String, _ context: CommandContext) throws(CommandLineError)
    -> ExplainRequestFile
  {
    let bytes = try InputFile.read(path, context)
    do {
      let json = try bytes.withUnsafeBufferPointer {
        try JSONParser.parse($0, maximumDepth: 64)
      }
      return try ExplainRequestFile(json: json)
    } catch let error as InputFileError {
      throw .runtime(describing: error.located(file: InputFile.name(path)))
    } catch {
      throw .runtime(TerminalText.escaped("\(InputFile.name(path)): \(error)"))
    }
  }
}
