<%@ page isErrorPage="true" %>
<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<c:set var="status" value="${requestScope['jakarta.servlet.error.status_code']}"/>
<c:choose>
  <c:when test="${status == 404}"><c:set var="title" value="Page not found"/><c:set var="text" value="There is no page at this address. The catalog is a good place to start again."/></c:when>
  <c:when test="${status == 405}"><c:set var="title" value="Not possible this way"/><c:set var="text" value="This page does not accept that kind of request; use the links and buttons on the pages."/></c:when>
  <c:when test="${status >= 400 && status < 500}"><c:set var="title" value="The request was not understood"/><c:set var="text" value="Something in the request was not as the store expects; go back and try again."/></c:when>
  <c:otherwise><c:set var="title" value="Something went wrong"/><c:set var="text" value="The store could not finish your request because of a problem on our side. Nothing was charged; please try again in a moment."/></c:otherwise>
</c:choose>
<t:page title="${title}">
  <h1><c:out value="${title}"/></h1>
  <p class="notice error-summary" role="alert"><c:out value="${text}"/></p>
  <p><a href="${ctx}/">Back to the catalog</a></p>
</t:page>
