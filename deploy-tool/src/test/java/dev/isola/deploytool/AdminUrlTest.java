package dev.isola.deploytool;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Where deploy-tool looks for the admin isolate: --url, ISOLA_ADMIN_URL, what the running admin wrote, the default port. */
class AdminUrlTest {

    @TempDir
    Path root;

    private void adminWrote(String json) throws IOException {
        Files.createDirectories(root.resolve(".admin"));
        Files.writeString(root.resolve(".admin/admin.json"), json);
    }

    @Test
    void anAdminStartedOnAnotherPortIsFoundByWhatItWrote() throws IOException {
        adminWrote("{\"isolateId\": \"a1\", \"pid\": 42, \"url\": \"http://127.0.0.1:4949/\", \"domainsRoot\": \"" + root + "\"}");

        assertEquals("http://127.0.0.1:4949/", AdminUrl.resolve(Optional.empty(), Map.of(), root));
    }

    @Test
    void theOptionAndThenTheEnvironmentWinOverWhatTheAdminWrote() throws IOException {
        adminWrote("{\"url\": \"http://127.0.0.1:4949/\"}");

        assertEquals("http://10.0.0.5:4848", AdminUrl.resolve(Optional.of("http://10.0.0.5:4848"), Map.of(AdminUrl.VARIABLE, "http://env:1"), root));
        assertEquals("http://env:1", AdminUrl.resolve(Optional.empty(), Map.of(AdminUrl.VARIABLE, "http://env:1"), root));
    }

    @Test
    void withoutARunningAdminOrWithAFileThatDoesNotReadTheDefaultPortIsTried() throws IOException {
        assertEquals(AdminUrl.DEFAULT, AdminUrl.resolve(Optional.empty(), Map.of(), root));
        adminWrote("{\"url\": ");
        assertEquals(AdminUrl.DEFAULT, AdminUrl.resolve(Optional.empty(), Map.of(), root));
        adminWrote("{\"url\": \"file:///etc/passwd\"}");
        assertEquals(AdminUrl.DEFAULT, AdminUrl.resolve(Optional.empty(), Map.of(), root), "only an http(s) URL is taken");
    }
}
