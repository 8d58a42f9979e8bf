import ARSimulation
import Foundation
import SpatialMath

/// The JSON file of `arsim explain --request`: one box plus the recording format's `vision`,
/// `viewport` and `camera` objects, every field optional.
struct ExplainRequestFile: Decodable {
  let box: [Double]?
  let imageSize: Size?
  let vision: VisionRequestSettings?
  let viewport: Viewport?
  let camera: Camera?

  private enum CodingKeys: String, CodingKey { case box, imageSize, vision, viewport, camera }

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    box = try c.decodeIfPresent([Double].self, forKey: .box)
    if let box, box.count != 4 {
      throw DecodingError.dataCorruptedError(
        forKey: .box, in: c, debugDescription: "expected [x, y, width, height]")
    }
    if let box, !(box[2] >= 0 && box[3] >= 0) {
      throw DecodingError.dataCorruptedError(
        forKey: .box, in: c, debugDescription: "width and height must be >= 0")
    }
    if let size = try c.decodeIfPresent([Double].self, forKey: .imageSize) {
      guard size.count == 2, Size(width: size[0], height: size[1]).isPositiveAndFinite else {
        throw DecodingError.dataCorruptedError(
          forKey: .imageSize, in: c, debugDescription: "expected [width, height], both > 0")
      }
      imageSize = Size(width: size[0], height: size[1])
    } else {
      imageSize = nil
    }
    vision = try c.decodeIfPresent(VisionRequestSettings.self, forKey: .vision)
    viewport = try c.decodeIfPresent(Viewport.self, forKey: .viewport)
    camera = try c.decodeIfPresent(Camera.self, forKey: .camera)
  }

  /// Reads and decodes `path` (`-` for standard input); errors name the file (`<stdin>`) and
  /// the JSON path, or for text that is not JSON the line and column (see
  /// `JSONPath.requireValidJSON`).
  static func load(path: String, _ context: CommandContext) throws(CommandLineError)
    -> ExplainRequestFile
  {
    let name = InputFile.name(path)
    let data = Data(try InputFile.read(path, context))
    try JSONPath.requireValidJSON(data, name: name)
    do {
      return try JSONDecoder().decode(ExplainRequestFile.self, from: data)
    } catch let error as DecodingError {
      throw .runtime(TerminalText.escaped("\(name): \(JSONPath.describe(error))"))
    } catch {
      throw .runtime(TerminalText.escaped("\(name): \(error.localizedDescription)"))
    }
  }
}
