package dev.isola.admin.rest;

import dev.isola.admin.supervise.DomainRuntime;
import dev.isola.admin.supervise.Supervisor;
import dev.isola.domains.applications.ApplicationRegistry;

import java.io.IOException;
import java.util.Optional;

/**
 * {@code /api/domains/{domain}/applications}: list, deploy by upload, detail, redeploy (with a
 * new archive, or the stored one again), undeploy.
 *
 * <p>An upload is refused before it is read when the domain is unknown or does not run, and
 * checked in full ({@link dev.isola.admin.deploy.ArchiveValidator}) before anything reaches
 * the domain.
 */
final class ApplicationsResource {

    private final Supervisor supervisor;
    private final Uploads uploads;

    ApplicationsResource(Supervisor supervisor, Uploads uploads) {
        this.supervisor = supervisor;
        this.uploads = uploads;
    }

    ApiResponse list(ApiRequest request) {
        return ApiResponse.ok(supervisor.domain(request.path("domain")).deployments().list());
    }

    ApiResponse get(ApiRequest request) {
        return ApiResponse.ok(supervisor.domain(request.path("domain")).deployments().get(request.path("application")));
    }

    ApiResponse deploy(ApiRequest request) throws IOException {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        Optional<String> name = request.query("name");
        name.ifPresent(ApplicationsResource::checkName);
        domain.requireRunning("deploy " + name.map(n -> n + " ").orElse("") + "to");
        Uploads.Upload upload = uploads.receive(request, domain.directory().archives(), name.orElse("application"));
        String application = name.or(() -> upload.fileName().map(ApplicationsResource::withoutExtension)).orElseThrow(() -> {
            deleteQuietly(upload);
            return new ApiException(400, "name the application: ?name=<name> (the archive came without a file name)");
        });
        try {
            checkName(application);
            domain.deployments().deploy(application, upload.archive());
        } catch (RuntimeException e) {
            deleteQuietly(upload);
            throw e;
        }
        return ApiResponse.created(domain.deployments().get(application));
    }

    ApiResponse replace(ApiRequest request) throws IOException {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        String application = request.path("application");
        domain.requireRunning("redeploy " + application + " in");
        domain.deployments().get(application);
        Uploads.Upload upload = uploads.receive(request, domain.directory().archives(), application);
        try {
            domain.deployments().redeploy(application, Optional.of(upload.archive()));
        } catch (RuntimeException e) {
            deleteQuietly(upload);
            throw e;
        }
        return ApiResponse.ok(domain.deployments().get(application));
    }

    ApiResponse redeploy(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        String application = request.path("application");
        domain.deployments().redeploy(application, Optional.empty());
        return ApiResponse.ok(domain.deployments().get(application));
    }

    ApiResponse undeploy(ApiRequest request) {
        DomainRuntime domain = supervisor.domain(request.path("domain"));
        String application = request.path("application");
        domain.deployments().undeploy(application);
        return ApiResponse.ok(new DomainsResource.Message("application " + application + " undeployed from domain " + domain.name()));
    }

    private static void checkName(String name) {
        try {
            ApplicationRegistry.checkName(name);
        } catch (IllegalArgumentException e) {
            throw new ApiException(400, e.getMessage());
        }
    }

    private static String withoutExtension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }

    private static void deleteQuietly(Uploads.Upload upload) {
        try {
            java.nio.file.Files.deleteIfExists(upload.archive().file());
        } catch (IOException e) {
            System.getLogger("dev.isola.admin.rest").log(System.Logger.Level.WARNING, "cannot delete " + upload.archive().file() + ": " + e.getMessage());
        }
    }
}
