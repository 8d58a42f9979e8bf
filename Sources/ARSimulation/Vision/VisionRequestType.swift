/// The kinds of Vision request whose results this package places, and the coordinate space each
/// reports in. All of them give normalized coordinates with a **lower-left** origin in the
/// image oriented by the request handler's `orientation`, relative to the request's
/// `regionOfInterest`; only Core ML requests add a crop/scale step:
///
/// | request (result) | coordinates relative to |
/// |---|---|
/// | `VNCoreMLRequest` (`VNRecognizedObjectObservation.boundingBox`) | the model input: region of interest, then `imageCropAndScaleOption` (centerCrop, scaleFit, scaleFill) |
/// | `VNDetectHumanHandPoseRequest` (`VNHumanHandPoseObservation`, `VNRecognizedPoint.location`) | the region of interest (no crop) |
/// | `VNDetectHumanBodyPoseRequest` (`VNHumanBodyPoseObservation`, `VNRecognizedPoint.location`) | the region of interest (no crop) |
/// | `VNDetectContoursRequest` (`VNContoursObservation`, `VNContour.normalizedPoints`) | the region of interest (no crop) |
/// | `VNTrackObjectRequest` (`VNDetectedObjectObservation.boundingBox`) | the region of interest (no crop) |
///
/// Vision documents `regionOfInterest` as normalized to the processed image with a lower-left
/// origin; that results are relative to it follows from `VNImagePointForNormalizedPointUsingRegionOfInterest`
/// and its siblings, which exist to undo exactly that. Only `VNCoreMLRequest` has an
/// `imageCropAndScaleOption`; Vision does not undo it for the model's outputs.
public enum VisionRequestType: String, CaseNameCodable, Hashable {
  /// `VNCoreMLRequest` with an object-detection model: boxes relative to the model input.
  case coreMLModel
  /// `VNDetectHumanHandPoseRequest`: 21 hand joints per observation.
  case humanHandPose
  /// `VNDetectHumanBodyPoseRequest`: body joints per observation.
  case humanBodyPose
  /// `VNDetectContoursRequest`: contours as normalized paths.
  case contours
  /// `VNTrackObjectRequest`: one tracked box per request.
  case trackObject

  /// Decodes the case from its name.
  public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
  /// Encodes the case name.
  public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

  /// The case name used in JSON and on the command line.
  public var name: String { rawValue }

  /// Whether the request fits its region of interest into a model input (`VNCoreMLRequest`'s
  /// `imageCropAndScaleOption`), so results are relative to what the model saw.
  public var appliesCropAndScale: Bool { self == .coreMLModel }

  /// The Vision class of the request.
  public var visionRequestClassName: String {
    switch self {
    case .coreMLModel: "VNCoreMLRequest"
    case .humanHandPose: "VNDetectHumanHandPoseRequest"
    case .humanBodyPose: "VNDetectHumanBodyPoseRequest"
    case .contours: "VNDetectContoursRequest"
    case .trackObject: "VNTrackObjectRequest"
    }
  }
}
