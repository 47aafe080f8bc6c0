/**
 * The Pet Store's web tier: a few servlets that call the session beans, put plain records in
 * request attributes and forward to JSP/JSTL pages under {@code /WEB-INF/jsp/}.
 *
 * <p>Every page escapes what it prints ({@code <c:out>}, {@code fn:escapeXml}); a form that is not
 * accepted comes back with status 400 and a message beside each offending field; an id that names
 * nothing gives a 404 page; anything unexpected gives the generic error page, never a stack trace.
 */
package dev.isola.petstore.web;
