extension Route {
    /// The route's path template, as the OpenAPI document writes it
    /// (`/v1/contents/{contentId}/pins/{pinId}`): what the access log and the metrics name a request
    /// by, never its raw path, whose ids would make a label per content.
    ///
    ///     Route.listPins("plan").template  // "/v1/contents/{contentId}/pins"
    var template: String {
        switch self {
        case .page: return "/"
        case .health: return "/health"
        case .healthz: return "/healthz"
        case .readyz: return "/readyz"
        case .metrics: return "/metrics"
        case .openAPI: return "/v1/openapi.json"
        case .listContents: return "/v1/contents"
        case .content, .upload: return "/v1/contents/{contentId}"
        case .listPins, .createPin: return "/v1/contents/{contentId}/pins"
        case .pin, .editPin, .deletePin: return "/v1/contents/{contentId}/pins/{pinId}"
        case .changes: return "/v1/contents/{contentId}/changes"
        case .sync: return "/v1/sync"
        case .render(_, let format): return "/v1/contents/{contentId}/render.\(format)"
        case .events: return "/v1/contents/{contentId}/events"
        case .viewport: return "/v1/contents/{contentId}/viewport"
        case .importComments: return "/v1/contents/{contentId}/import"
        case .exportPins(_, let format): return format == .xfdf ? "/v1/contents/{contentId}/pins.xfdf" : "/v1/contents/{contentId}/pins.jsonld"
        case .uploadRevision, .listRevisions: return "/v1/contents/{contentId}/revisions"
        case .revision: return "/v1/contents/{contentId}/revisions/{number}"
        case .annotationContainer, .createAnnotation, .annotationOptions(_, .none): return "/annotations/{contentId}/"
        case .annotation, .replaceAnnotation, .deleteAnnotation, .annotationOptions: return "/annotations/{contentId}/{pinId}"
        }
    }

    /// The template of a request whose path is no route (404, 405, a bad id): one name for
    /// them all.
    static let unmatched = "unmatched"
}
