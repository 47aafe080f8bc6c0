package dev.isola.mvm.demo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.isola.mvm.isolate.Isolate;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.Attributes;
import org.xml.sax.helpers.DefaultHandler;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.transform.Templates;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The workload of {@code bin/mvm demo}: a small HTTP service of the kind an application
 * server runs, loading a realistic mix of a few thousand classes. {@code GET /report} builds
 * an XML document (DOM), renders it with an XSLT stylesheet, re-reads the result with SAX and
 * answers with a JSON summary written by Jackson.
 *
 * <p>Jackson is loaded through a class loader of its own (a {@link URLClassLoader} over the
 * Jackson jars, beside the application class loader), the way an application server loads a
 * web application's libraries: its classes come from the image's AOT cache all the same.
 *
 * <p>Usage: {@code DemoServer} serves on a free loopback port until the isolate is asked to
 * exit, and writes the port to {@value #PORT_FILE} in its run directory;
 * {@code DemoServer --train} serves {@value #TRAINING_REQUESTS} requests to itself and
 * returns, which is the image's training run.
 */
public final class DemoServer {

    /** Where, in the isolate's run directory, the server writes its port once it serves. */
    public static final String PORT_FILE = "demo.port";
    public static final String PATH = "/report";
    static final int TRAINING_REQUESTS = 30;

    private static final String STYLESHEET = """
            <xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
              <xsl:output method="xml" indent="yes"/>
              <xsl:template match="/catalog">
                <html><body><h1>Catalog of <xsl:value-of select="count(item)"/> items</h1>
                  <table><xsl:for-each select="item[@price &gt; 10]">
                    <xsl:sort select="@price" data-type="number" order="descending"/>
                    <tr><td><xsl:value-of select="@name"/></td><td><xsl:value-of select="format-number(@price, '0.00')"/></td></tr>
                  </xsl:for-each></table>
                </body></html>
              </xsl:template>
            </xsl:stylesheet>
            """;

    private final Templates stylesheet;
    private final MethodHandle writeJson;
    private final Object jsonMapper;
    private final AtomicInteger requests = new AtomicInteger();

    private DemoServer(Templates stylesheet, Object jsonMapper, MethodHandle writeJson) {
        this.stylesheet = stylesheet;
        this.jsonMapper = jsonMapper;
        this.writeJson = writeJson;
    }

    public static void main(String[] args) throws Exception {
        boolean training = args.length == 1 && args[0].equals("--train");
        if (args.length > 0 && !training) {
            System.err.println("usage: DemoServer [--train]");
            System.exit(2);
        }
        DemoServer demo = create();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext(PATH, demo::report);
        server.start();
        int port = server.getAddress().getPort();
        if (training) {
            demo.train(port);
            server.stop(0);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop(0), "demo-stop"));
        announce(port);
        System.out.println("demo server listening on http://127.0.0.1:" + port + PATH);
    }

    private static DemoServer create() throws ReflectiveOperationException, IOException, javax.xml.transform.TransformerConfigurationException {
        Templates templates = TransformerFactory.newInstance().newTemplates(new StreamSource(new StringReader(STYLESHEET)));
        ClassLoader json = jsonLoader();
        Class<?> mapperClass = Class.forName("com.fasterxml.jackson.databind.ObjectMapper", true, json);
        Object mapper = mapperClass.getConstructor().newInstance();
        MethodHandle write = MethodHandles.publicLookup()
                .findVirtual(mapperClass, "writeValueAsString", MethodType.methodType(String.class, Object.class));
        return new DemoServer(templates, mapper, write);
    }

    /** A loader over the Jackson jars of this isolate's class path, beside (not below) the application loader. */
    private static ClassLoader jsonLoader() throws IOException {
        List<URL> jars = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (Path.of(entry).getFileName().toString().startsWith("jackson-")) {
                jars.add(Path.of(entry).toUri().toURL());
            }
        }
        if (jars.isEmpty()) {
            throw new IOException("the demo needs the Jackson jars on its class path; found none in " + System.getProperty("java.class.path"));
        }
        return new URLClassLoader("demo-json", jars.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    private void report(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body;
            int status = 200;
            try {
                body = render(requests.incrementAndGet()).getBytes(StandardCharsets.UTF_8);
            } catch (Throwable e) {
                status = 500;
                body = ("report failed: " + e).getBytes(StandardCharsets.UTF_8);
            }
            exchange.getResponseHeaders().set("Content-Type", status == 200 ? "application/json" : "text/plain");
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private String render(int request) throws Throwable {
        Document catalog = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        Element root = catalog.createElement("catalog");
        catalog.appendChild(root);
        for (int i = 1; i <= 40; i++) {
            Element item = catalog.createElement("item");
            item.setAttribute("name", "item-" + i);
            item.setAttribute("price", Double.toString((i * 37 + request) % 50 + 0.5));
            root.appendChild(item);
        }
        ByteArrayOutputStream html = new ByteArrayOutputStream();
        stylesheet.newTransformer().transform(new DOMSource(catalog), new StreamResult(html));
        AtomicInteger rows = new AtomicInteger();
        SAXParserFactory.newInstance().newSAXParser().parse(new ByteArrayInputStream(html.toByteArray()), new DefaultHandler() {
            @Override
            public void startElement(String uri, String localName, String qName, Attributes attributes) {
                if (qName.equals("tr")) {
                    rows.incrementAndGet();
                }
            }
        });
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("isolate", Isolate.current().name());
        summary.put("request", request);
        summary.put("items", 40);
        summary.put("rowsOver10", rows.get());
        summary.put("htmlBytes", html.size());
        return (String) writeJson.invoke(jsonMapper, (Object) summary);
    }

    private void train(int port) throws IOException, InterruptedException {
        try (HttpClient client = HttpClient.newHttpClient()) {
            for (int i = 0; i < TRAINING_REQUESTS; i++) {
                HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + PATH)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() != 200) {
                    throw new IOException("training request " + i + " got " + response.statusCode() + ": " + response.body());
                }
            }
        }
    }

    private static void announce(int port) throws IOException {
        Path directory = Isolate.current().runDirectory()
                .orElseThrow(() -> new IllegalStateException("DemoServer must run as an isolate (it reports its port in its run directory)"));
        Path temporary = directory.resolve(PORT_FILE + ".tmp");
        Files.writeString(temporary, Integer.toString(port));
        Files.move(temporary, directory.resolve(PORT_FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
