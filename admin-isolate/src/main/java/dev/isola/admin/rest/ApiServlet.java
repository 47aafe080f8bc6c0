package dev.isola.admin.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.isola.admin.deploy.InvalidArchiveException;
import dev.isola.admin.supervise.DomainOperationException;
import dev.isola.domains.DomainExistsException;
import dev.isola.domains.DomainNotFoundException;
import dev.isola.domains.JsonFiles;
import dev.isola.domains.config.DomainConfigException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Dispatches every request under {@code /api} to its {@link Route}, writes the answer as JSON,
 * and turns every refusal into a JSON error with a status that says what kind it is: 400 bad
 * input, 404 unknown domain, application, JMS queue, topic, durable subscription or user, 409 not possible in the present state, 413 too
 * large, 422 refused by the deployer, 500 a failure of the server (logged with its stack trace;
 * the others are logged as one line).
 */
final class ApiServlet extends HttpServlet {

    private static final System.Logger LOG = System.getLogger("dev.isola.admin.rest");
    static final ObjectWriter JSON = JsonFiles.MAPPER.copy().setSerializationInclusion(JsonInclude.Include.NON_NULL).writerWithDefaultPrettyPrinter();

    private final List<Route> routes;

    ApiServlet(List<Route> routes) {
        this.routes = List.copyOf(routes);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ClassLoader previous = useServerLoader();
        try {
            dispatch(request, response);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    /**
     * Makes the server's class loader the context loader of the request thread, so that threads
     * started on the way (the supervisor's, the isolate runtime's) do not hold Tomcat's loader
     * of the admin context, which Tomcat would then report as leaked when it stops.
     *
     * @return the loader to put back
     */
    static ClassLoader useServerLoader() {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(ApiServlet.class.getClassLoader());
        return previous;
    }

    private void dispatch(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        String method = request.getMethod();
        try {
            Route matched = null;
            Map<String, String> parameters = null;
            StringBuilder allowed = new StringBuilder();
            for (Route route : routes) {
                Optional<Map<String, String>> match = route.match(path);
                if (match.isPresent()) {
                    if (route.method().equals(method)) {
                        matched = route;
                        parameters = match.get();
                        break;
                    }
                    allowed.append(allowed.isEmpty() ? "" : ", ").append(route.method());
                }
            }
            if (matched == null) {
                if (!allowed.isEmpty()) {
                    response.setHeader("Allow", allowed.toString());
                    throw new ApiException(405, method + " is not allowed on " + path + " (allowed: " + allowed + ")");
                }
                throw new ApiException(404, "no API operation at " + method + " " + path + "; the operations are listed in /api/openapi.yaml");
            }
            write(response, matched.handler().handle(new ApiRequest(request, parameters)));
        } catch (ApiException e) {
            refuse(response, request, e.status(), e.getMessage(), null);
        } catch (DomainNotFoundException e) {
            refuse(response, request, 404, e.getMessage(), null);
        } catch (DomainExistsException e) {
            refuse(response, request, 409, e.getMessage(), null);
        } catch (DomainConfigException e) {
            refuse(response, request, 400, e.getMessage(), e.field());
        } catch (InvalidArchiveException e) {
            refuse(response, request, e.tooLarge() ? 413 : 400, e.getMessage(), null);
        } catch (DomainOperationException e) {
            int status = switch (e.kind()) {
                case INVALID -> 400;
                case CONFLICT -> 409;
                case NOT_FOUND -> 404;
                case DEPLOYMENT_FAILED -> 422;
                case FAILED -> 500;
            };
            refuse(response, request, status, e.getMessage(), null);
        } catch (Exception e) {
            LOG.log(System.Logger.Level.ERROR, method + " " + path + " failed unexpectedly", e);
            refuse(response, request, 500, "internal error: " + e.getClass().getSimpleName() + ": " + e.getMessage()
                    + " (the admin log has the details)", null);
        }
    }

    private static void write(HttpServletResponse response, ApiResponse answer) throws IOException {
        response.setStatus(answer.status());
        if (answer.status() == 204) {
            return;
        }
        if (answer.body() instanceof ApiResponse.TemporaryFile download) {
            try {
                response.setContentType(download.mediaType());
                response.setHeader("Content-Disposition", "attachment; filename=\"" + download.fileName() + "\"");
                response.setContentLengthLong(Files.size(download.file()));
                Files.copy(download.file(), response.getOutputStream());
            } finally {
                Files.deleteIfExists(download.file());
            }
            return;
        }
        if (answer.body() instanceof ApiResponse.Text text) {
            response.setContentType(text.mediaType() + ";charset=UTF-8");
            response.getOutputStream().write(text.content().getBytes(StandardCharsets.UTF_8));
            return;
        }
        response.setContentType("application/json;charset=UTF-8");
        response.getOutputStream().write((JSON.writeValueAsString(answer.body()) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void refuse(HttpServletResponse response, HttpServletRequest request, int status, String message, String field)
            throws IOException {
        LOG.log(status >= 500 ? System.Logger.Level.WARNING : System.Logger.Level.INFO,
                request.getMethod() + " " + request.getRequestURI() + " -> " + status + ": " + message);
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        write(response, new ApiResponse(status, new ErrorBody(status, ErrorBody.reason(status), message, field)));
    }
}
