// One `import SessionSimulation` gives the whole vocabulary a placer is written in: the geometry
// (`Point`, `Rect`, `Matrix4x4`), ARKit's and Vision's shapes (`Camera`, `RaycastQuery`,
// `PlaneAnchor`, `VisionRequestSettings`), the detections and the package's filters and tracker
// (`Detection`, `MarkerTracker`), and the recording format (`Recording`, `InputFileError`), as
// `import ARKit` gives an app `simd` and its types.
@_exported import ARSimulation
@_exported import Placement
@_exported import SceneFormat
@_exported import SceneSynthesis
@_exported import SpatialMath
