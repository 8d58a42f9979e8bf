import ARSimulation
import Placement
import SpatialMath

/// A ``MarkerPlacer`` built from ``PlacementSteps``: each frame, every observation the steps
/// place becomes a measurement (its top label, world point and confidence), and the package's
/// `MarkerTracker` (default configuration, `AnyPositionFilter.trackingDefault`) smooths them into
/// markers. With ``ReferenceSteps`` it is the correct placer; with a catalogue mistake's steps, the
/// wrong one.
///
/// In a session whose tracking corrects itself (a recording with tracking corrections in its
/// truth), the tracker gets each frame's `DetectorView` (the camera of the observations' image
/// and the part of it the model saw), as the package's replay gives it: markers age only while
/// they should have been detected, so a marker out of view stays until the camera comes back,
/// as content attached to an anchor does, and the corrections it absorbs meanwhile show. Other
/// sessions run the tracker without a view (a marker goes 1.5 s after its last hit), as the
/// catalogue's figures on them were measured.
///
/// Markers are attached to anchors (when the steps'
/// ``PlacementSteps/attachesMarkersToAnchors`` says so, as the correct steps do): run through
/// ``markers(for:anchors:)`` (the harness does), the placer adds an app anchor where each
/// confirmed marker was placed (`session.add(anchor: ARAnchor(transform: result.worldTransform))`),
/// and on every later frame moves the marker by as much as tracking moved its anchor
/// (`MarkerTracker.moveMarker(id:to:)`), before this frame's measurements update it. ARKit's
/// anchors cannot be moved by the app, so when measurements have carried a marker more than
/// 5 mm from where its anchor holds it, the placer replaces the anchor (remove, add at the
/// marker), and the anchor of a marker the tracker dropped is removed (``MarkerAnchoring``).
///
/// While the camera's tracking state is `.limited(.relocalizing)` (after an interruption, until
/// relocalization succeeds) the reported pose is off, so the placer shows no marker and places
/// nothing, leaving the tracker as it was (when the steps'
/// ``PlacementSteps/hidesMarkersWhileRelocalizing`` says so, as the correct steps do), as an app
/// hides its content until `session(_:cameraDidChangeTrackingState:)` reports `.normal`.
public struct StepPlacer: MarkerPlacer {
  /// The placement steps.
  public private(set) var steps: any PlacementSteps
  var tracker: MarkerTracker<AnyPositionFilter>
  /// The markers' anchors (``MarkerAnchoring``; its `reanchorDistanceMeters` is 5 mm).
  public var anchoring = MarkerAnchoring()

  /// A placer running `steps`, smoothing with `tracker` (default configuration when `nil`).
  public init(
    steps: any PlacementSteps = ReferenceSteps(),
    tracker: MarkerTracker<AnyPositionFilter>? = nil
  ) {
    self.steps = steps
    self.tracker = tracker ?? .packageDefault
  }

  /// The correct placer: ``ReferenceSteps`` and the default tracker.
  public static var reference: StepPlacer { StepPlacer() }

  /// Places every observation with the steps and updates the tracker, without anchors (a
  /// placer run this way keeps its markers as world positions; see ``markers(for:anchors:)``).
  public mutating func markers(for frame: SimulatedFrame) -> [PlacedMarker] {
    var ignored = AppAnchorRequests()
    return markers(for: frame, anchors: &ignored)
  }

  /// Moves the markers with their anchors' updates in `frame`, places every observation with
  /// the steps and updates the tracker, then asks for the anchors the markers need (see the
  /// type's documentation). A frame that is not a detector frame for the steps
  /// (``PlacementSteps/isDetectorFrame(_:)``) and has nothing to place (between the results of
  /// a detector running below the frame rate) leaves the tracker as it was: it takes detector
  /// frames. For steps that place by depth (``PlacementSteps/placesByDepth``), so does a frame
  /// without scene depth.
  public mutating func markers(for frame: SimulatedFrame, anchors: inout AppAnchorRequests)
    -> [PlacedMarker]
  {
    let attaches = steps.attachesMarkersToAnchors
    if attaches { anchoring.follow(frame.appAnchors, tracker: &tracker) }
    if steps.pausesWhileRelocalizing(in: frame) {
      steps.didPlace(frame)
      return []
    }
    let observations = steps.observations(in: frame)
    let withoutDepth = steps.placesByDepth && frame.observationsFrame.sceneDepth == nil
    guard !withoutDepth, steps.isDetectorFrame(frame) || !observations.isEmpty else {
      steps.didPlace(frame)
      return tracker.markers.map(PlacedMarker.init)
    }
    var measurements: [MarkerMeasurement] = []
    for observation in observations {
      guard let position = steps.worldPosition(of: observation, in: frame) else { continue }
      measurements.append(
        MarkerMeasurement(
          label: observation.labels.first?.identifier ?? observation.label, position: position,
          confidence: observation.confidence))
    }
    steps.didPlace(frame)
    let view = frame.trackingErrorTimeline == nil ? nil : detectorView(of: frame)
    let markers = tracker.update(
      measurements: measurements, timestampSeconds: frame.timestamp, view: view)
    if attaches { anchoring.attach(markers, requests: &anchors) }
    return markers.map(PlacedMarker.init)
  }

  /// What the detector saw: the camera of the observations' image and the part of it the model
  /// looked at (the whole image without request settings).
  func detectorView(of frame: SimulatedFrame) -> DetectorView {
    let camera = frame.observationsCamera
    let detected =
      frame.visionRequest.flatMap {
        try? VisionGeometry(settings: $0, imageResolution: camera.imageResolution)
      }?.modelVisibleImageNormalizedRect ?? .unit
    return DetectorView(camera: camera, detectedImageNormalizedRect: detected)
  }
}
