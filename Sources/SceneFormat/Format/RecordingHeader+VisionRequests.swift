import ARSimulation
import SpatialMath

extension RecordingHeader {
  /// The Vision request settings of a request type: the header's `vision` for the Core ML
  /// detector; for the other requests, their `visionRequests` entry, whose orientation defaults
  /// to the `vision` one and whose region of interest defaults to the whole image.
  ///
  /// - Throws: ``InputFileError`` naming `vision` (missing or invalid settings, when the
  ///   orientation must come from there) or `visionRequests.<type>`.
  public func requestSettings(for type: VisionRequestType) throws -> VisionRequestSettings {
    if type == .coreMLModel {
      guard let vision else {
        throw InputFileError(
          .missingField, "the recording has no \"vision\" settings", path: [.key("vision")])
      }
      do { return try vision.requestSettings() } catch let error as InputFileError {
        throw error.prefixed(.key("vision"))
      }
    }
    let entry = visionRequests[type] ?? RecordingImageRequest()
    guard let orientation = entry.orientation ?? vision?.orientation else {
      throw InputFileError(
        .missingField,
        "no orientation for the \(type.name) request: give visionRequests.\(type.name).orientation "
          + "or the header's \"vision\"", path: [.key("visionRequests"), .key(type.name)])
    }
    do {
      return try .imageRequest(orientation: orientation, regionOfInterest: entry.regionOfInterest)
    } catch {
      throw InputFileError(
        .invalidValue, error.description,
        path: [.key("visionRequests"), .key(type.name), .key("regionOfInterest")])
    }
  }
}
