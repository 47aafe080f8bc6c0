package dev.isola.petstore.e2e;

import dev.isola.admin.it.AdminFixture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An admin isolate started from the server image (through the admin module's
 * {@link AdminFixture}: a temporary domains root and mvm home, loopback, free ports) with two
 * domains that {@code deploy-tool} created and deployed the unmodified {@code petstore.ear} to
 * (its path comes from the {@code petstore.ear} system property): {@value #COMBINED} (combined:
 * one isolate) and {@value #SEPARATED} (separated: web, EJB and JMS isolates). Starting it takes
 * a while, so one serves every test class of a run ({@link PetStoreDomainsExtension}); each
 * class keeps to data of its own (its own accounts and items), or reads the state it depends on
 * before it changes it.
 */
final class PetStoreDomains implements AutoCloseable {

    static final String COMBINED = "shop";
    static final String SEPARATED = "crm";

    private final AdminFixture admin;
    private final Path ear;
    private final Map<String, PetStore> stores;

    private PetStoreDomains(AdminFixture admin, Path ear, Map<String, PetStore> stores) {
        this.admin = admin;
        this.ear = ear;
        this.stores = stores;
    }

    static PetStoreDomains start() throws IOException {
        Path ear = builtEar();
        AdminFixture admin = AdminFixture.start();
        try {
            Map<String, PetStore> stores = new LinkedHashMap<>();
            for (Map.Entry<String, String> domain : Map.of(COMBINED, "combined", SEPARATED, "separated").entrySet()) {
                int port = AdminFixture.freePort();
                run(admin, "create-domain", domain.getKey(), "--mode", domain.getValue(), "--port", Integer.toString(port), "--start");
                run(admin, "deploy", ear.toString(), "--domain", domain.getKey());
                stores.put(domain.getKey(), new PetStore(domain.getKey(), "http://127.0.0.1:" + port));
            }
            return new PetStoreDomains(admin, ear, stores);
        } catch (IOException | RuntimeException | Error e) {
            admin.close();
            throw e;
        }
    }

    private static Path builtEar() {
        String ear = System.getProperty("petstore.ear");
        if (ear == null || !Files.isRegularFile(Path.of(ear))) {
            throw new IllegalStateException("system property petstore.ear must name the built EAR (bin/mvn -pl petstore-e2e -am verify builds it);"
                    + " it is " + ear);
        }
        return Path.of(ear);
    }

    private static void run(AdminFixture admin, String... args) {
        AdminFixture.ToolRun run = admin.deployTool(args);
        if (run.exitCode() != 0) {
            throw new IllegalStateException("deploy-tool " + String.join(" ", args) + " failed: " + run);
        }
    }

    /** The Pet Store of {@code domain}. */
    PetStore store(String domain) {
        PetStore store = stores.get(domain);
        if (store == null) {
            throw new IllegalArgumentException("no domain " + domain + "; there are " + stores.keySet());
        }
        return store;
    }

    AdminFixture admin() {
        return admin;
    }

    /** The EAR the build made, which deploy-tool uploaded. */
    Path ear() {
        return ear;
    }

    /** Where the admin isolate keeps the archive deployed to {@code domain}. */
    Path storedArchive(String domain) {
        return admin.domainsRoot().resolve(domain).resolve("applications").resolve("petstore.ear");
    }

    @Override
    public void close() throws IOException {
        try {
            stores.values().forEach(PetStore::close);
        } finally {
            admin.close();
        }
    }
}
