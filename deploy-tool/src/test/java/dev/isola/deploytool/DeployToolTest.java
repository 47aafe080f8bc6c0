package dev.isola.deploytool;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Usage errors, the progress bar, the question before a purge, and the mapping of HTTP statuses
 * to exit statuses (the REST side, and a purge asked and answered, are tested against a real
 * admin isolate in JmsQueuesIT).
 */
class DeployToolTest {

    @Test
    void usageErrorsExitWith2AndSayWhatIsWrong() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DeployTool.run(new String[]{"deploy-everything"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), Optional.empty());
        assertEquals(ExitCodes.USAGE, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("Unmatched argument at index 0: 'deploy-everything'"), err.toString());
        ByteArrayOutputStream err2 = new ByteArrayOutputStream();
        int badUrl = DeployTool.run(new String[]{"--url", "ftp:/x", "--password-file", "/dev/null", "list-domains"},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err2, true, StandardCharsets.UTF_8),
                Map.of(Credentials.PASSWORD_VARIABLE, "x"), Optional.empty());
        assertEquals(ExitCodes.USAGE, badUrl, err2.toString());
    }

    @Test
    void configureDomainRefusesWhatItCannotSendBeforeAskingTheServer(@TempDir Path dir) throws Exception {
        Path list = Files.writeString(dir.resolve("list.json"), "[1, 2]");
        Map<String, String> cases = Map.of(
                "--jvm-option=-Xss512k --no-jvm-options", "--jvm-option and --no-jvm-options exclude each other",
                "--file=" + dir.resolve("missing.json"), "cannot read " + dir.resolve("missing.json"),
                "--file=" + list, list + " is not a domain configuration");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            String[] args = ("--url http://127.0.0.1:1 configure-domain shop " + c.getKey()).split(" ");
            int code = DeployTool.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8),
                    Map.of(Credentials.PASSWORD_VARIABLE, "x"), Optional.empty());
            assertEquals(ExitCodes.USAGE, code, c.getKey() + ": " + err);
            assertTrue(err.toString(StandardCharsets.UTF_8).contains(c.getValue()), err.toString());
        }
    }

    @Test
    void changeAdminPasswordNeedsTheNewPasswordFromAFileWhenNobodyIsAtATerminal(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("empty"), "");
        Map<String, String> cases = Map.of(
                "change-admin-password", "give the new password with --new-password-file FILE (no terminal to ask at)",
                "change-admin-password --new-password-file " + empty, "the password file " + empty + " is empty");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            // Port 1: nothing answers there, so a request sent would fail otherwise (exit 6), not with a usage error.
            String[] args = ("--url http://127.0.0.1:1 " + c.getKey()).split(" ");
            int code = DeployTool.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8),
                    Map.of(Credentials.PASSWORD_VARIABLE, "x"), Optional.empty());
            assertEquals(ExitCodes.USAGE, code, c.getKey() + ": " + err);
            assertTrue(err.toString(StandardCharsets.UTF_8).contains(c.getValue()), err.toString());
        }
    }

    @Test
    void aPurgeWithoutATerminalAndWithoutYesIsRefusedBeforeAnyRequest() {
        Map<String, String> cases = Map.of(
                "purge-jms-destination orders --domain shop", "the messages of queue orders of domain shop",
                "purge-jms-destination prices --domain shop --subscription app:audit",
                "the messages of durable subscription app:audit of topic prices of domain shop");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            // Port 1: nothing answers there, so a request sent would end otherwise (exit 6), not with a usage error.
            String[] args = ("--url http://127.0.0.1:1 " + c.getKey()).split(" ");
            int code = DeployTool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                    Map.of(Credentials.PASSWORD_VARIABLE, "x"), Optional.empty());
            assertEquals(ExitCodes.USAGE, code, c.getKey() + ": " + err);
            assertEquals("error: purge-jms-destination removes " + c.getValue() + " for good and asks first, but there is no terminal to ask at;"
                    + " pass --yes to purge without asking\n", err.toString(StandardCharsets.UTF_8));
            assertEquals("", out.toString(StandardCharsets.UTF_8));
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int withYes = DeployTool.run("--url http://127.0.0.1:1 purge-jms-destination orders --domain shop --yes".split(" "),
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of(Credentials.PASSWORD_VARIABLE, "x"), Optional.empty());
        assertEquals(ExitCodes.UNREACHABLE, withYes, "with --yes it goes ahead without asking: " + err);
    }

    @Test
    void onlyYOrYesAnswersAQuestionYes() {
        for (String yes : List.of("y", "Y", "yes", "YES", " yes ", "Yes\n")) {
            assertTrue(Terminal.yes(yes), "'" + yes + "'");
        }
        for (String no : new String[]{null, "", "n", "no", "N", "yep", "ye", "y y", "oui"}) {
            assertFalse(Terminal.yes(no), "'" + no + "'");
        }
    }

    @Test
    void theProgressBarShowsShareAndMegabytes() {
        assertEquals("uploading shop.ear [###############---------------]  50%  1.0 of 2.0 MB", ProgressBodyPublisher.bar("shop.ear", 1 << 20, 2 << 20));
        assertEquals("uploading x.war [##############################] 100%  0.0 of 0.0 MB", ProgressBodyPublisher.bar("x.war", 0, 0));
    }

    @Test
    void aBrowsedMessageIsOneLineOfHeadersThenWhatItCarries() throws Exception {
        JsonNode text = AdminConnection.JSON.readTree("""
                {"messageId": "ID:1", "timestamp": "2026-01-02T03:04:05Z", "type": "text", "priority": 7, "persistent": false,
                 "deliveryCount": 2, "redelivered": true, "expiration": "2026-01-03T00:00:00Z", "deliverAfter": "2026-01-02T04:00:00Z",
                 "jmsType": "Note", "properties": {"index": "1", "note": null}, "bodyBytes": 300, "textPreview": "grüße\\nzwei"}""");
        assertEquals("ID:1  text, 300 bytes, priority 7, non-persistent, sent 2026-01-02T03:04:05Z, redelivered (delivered 2 times, not acknowledged),"
                + " expires 2026-01-03T00:00:00Z, delayed until 2026-01-02T04:00:00Z\n"
                + "    JMSType: Note\n    properties: index=1, note=null\n    text: grüße\\nzwei ...\n",
                JmsCommands.BrowseDestination.describe(text), "a text longer than its preview ends in ...");
        JsonNode whole = AdminConnection.JSON.readTree("""
                {"type": "text", "priority": 4, "persistent": true, "properties": {}, "bodyBytes": 7, "textPreview": "grüße"}""");
        assertEquals("(no message id)  text, 7 bytes, priority 4, persistent\n    text: grüße\n", JmsCommands.BrowseDestination.describe(whole),
                "UTF-8 bytes, not characters, tell a whole text from a cut one");
        JsonNode bytes = AdminConnection.JSON.readTree("""
                {"messageId": "ID:2", "type": "bytes", "priority": 4, "persistent": true, "properties": {}, "bodyBytes": 5}""");
        assertEquals("ID:2  bytes, 5 bytes, priority 4, persistent\n", JmsCommands.BrowseDestination.describe(bytes));
    }

    @Test
    void httpStatusesMapToExitStatuses() {
        assertEquals(ExitCodes.AUTHENTICATION, ExitCodes.ofHttpStatus(401));
        assertEquals(ExitCodes.AUTHENTICATION, ExitCodes.ofHttpStatus(403));
        assertEquals(ExitCodes.REJECTED, ExitCodes.ofHttpStatus(409));
        assertEquals(ExitCodes.REJECTED, ExitCodes.ofHttpStatus(422));
        assertEquals(ExitCodes.SERVER_ERROR, ExitCodes.ofHttpStatus(500));
    }
}
