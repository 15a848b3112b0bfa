// What a snapshot test names besides PinSnapshot's own functions: `RenderOptions` and
// `SnapshotMode` (PinRender), and the types of the options' fields (`TooltipMode`, `Theme`,
// `SizeRequest`: PinRenderCore). Re-exported, as InlineSnapshotTesting re-exports
// SnapshotTesting, so that `import PinSnapshot` is the one import a test needs.
@_exported import PinRender
@_exported import PinRenderCore
