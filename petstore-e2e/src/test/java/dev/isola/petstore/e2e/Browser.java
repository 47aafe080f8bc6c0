package dev.isola.petstore.e2e;

import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.FormRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.http.HttpCookieStore;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Fields;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a person with a web browser does, over real HTTP: keeps cookies (so, one HTTP session),
 * follows redirects, and fills and submits the forms the pages contain. Pages are parsed with
 * jsoup so that tests can look at them as a user would (headings, links, field messages).
 */
final class Browser implements AutoCloseable {

    /** A page as received after redirects: the final path, the status, the parsed document. */
    record Page(String path, int status, Document document) {

        String title() {
            return document.selectFirst("h1") == null ? "" : document.selectFirst("h1").text();
        }

        String text() {
            return document.body().text();
        }

        /** The message shown beside form field {@code name}, or null. */
        String fieldError(String name) {
            Element field = document.selectFirst("[name=" + name + "]");
            if (field == null) {
                throw new AssertionError("no field " + name + " on " + path);
            }
            Element error = document.getElementById(field.id() + "-error");
            return error == null ? null : error.text();
        }

        /** The form whose {@code action} input has {@code value}, or the first form posting to {@code path}. */
        Element form(String selector) {
            Element form = document.selectFirst(selector);
            if (form == null) {
                throw new AssertionError("no form " + selector + " on " + path + ": " + text());
            }
            return form;
        }
    }

    private final String base;
    private final HttpClient http;

    Browser(String base) {
        this.base = base;
        this.http = new HttpClient();
        http.setHttpCookieStore(new HttpCookieStore.Default());
        try {
            http.start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    Page get(String path) {
        return send(http.newRequest(base + path).method(HttpMethod.GET));
    }

    Page post(String path, Map<String, String> fields) {
        Fields form = new Fields();
        fields.forEach(form::put);
        return send(http.newRequest(base + path).method(HttpMethod.POST).body(new FormRequestContent(form)));
    }

    /** Submits {@code form} (found on {@code page}) with its current values, {@code changes} applied (a null value removes a field). */
    Page submit(Page page, String formSelector, Map<String, String> changes) {
        Element form = page.form(formSelector);
        Map<String, String> fields = new LinkedHashMap<>();
        for (Element input : form.select("input[name], select[name], textarea[name]")) {
            String type = input.attr("type");
            if ((type.equals("checkbox") || type.equals("radio")) && !input.hasAttr("checked")) {
                continue;
            }
            String value = switch (input.tagName()) {
                case "select" -> {
                    Element selected = input.selectFirst("option[selected]");
                    yield selected != null ? selected.attr("value") : input.selectFirst("option") == null ? "" : input.selectFirst("option").attr("value");
                }
                case "textarea" -> input.text();
                default -> input.attr("value");
            };
            fields.put(input.attr("name"), value);
        }
        changes.forEach((name, value) -> {
            if (value == null) {
                fields.remove(name);
            } else {
                fields.put(name, value);
            }
        });
        String action = form.attr("action");
        return post(action.substring(action.indexOf("/petstore")), fields);
    }

    private Page send(Request request) {
        try {
            ContentResponse response = request.timeout(60, TimeUnit.SECONDS).send();
            String path = response.getRequest().getURI().getRawPath()
                    + (response.getRequest().getURI().getRawQuery() == null ? "" : "?" + response.getRequest().getURI().getRawQuery());
            return new Page(path, response.getStatus(), Jsoup.parse(response.getContentAsString(), base + path));
        } catch (Exception e) {
            throw new IllegalStateException(request.getMethod() + " " + request.getURI() + ": " + e, e);
        }
    }

    @Override
    public void close() {
        try {
            http.stop();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
