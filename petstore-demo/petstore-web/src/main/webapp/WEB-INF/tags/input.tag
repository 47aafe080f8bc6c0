<%@ tag pageEncoding="UTF-8" description="A labelled form field with the server's message for it, if any (from the request attribute 'errors')." %>
<%@ attribute name="name" required="true" %>
<%@ attribute name="label" required="true" %>
<%@ attribute name="value" %>
<%@ attribute name="type" %>
<%@ attribute name="autocomplete" %>
<%@ attribute name="inputmode" %>
<%@ attribute name="hint" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<%@ taglib prefix="fn" uri="jakarta.tags.functions" %>
<c:set var="message" value="${requestScope.errors[name]}"/>
<c:set var="fieldId" value="f-${fn:replace(name, '.', '-')}"/>
<div class="field${empty message ? '' : ' invalid'}">
  <label for="${fieldId}">${fn:escapeXml(label)}</label>
  <input id="${fieldId}" name="${fn:escapeXml(name)}" type="${empty type ? 'text' : type}" value="${fn:escapeXml(value)}"<c:if test="${not empty autocomplete}"> autocomplete="${autocomplete}"</c:if><c:if test="${not empty inputmode}"> inputmode="${inputmode}"</c:if><c:if test="${not empty message}"> aria-invalid="true" aria-describedby="${fieldId}-error"</c:if>>
  <c:if test="${not empty hint}"><small class="hint">${fn:escapeXml(hint)}</small></c:if>
  <c:if test="${not empty message}"><p class="error" id="${fieldId}-error">${fn:escapeXml(message)}</p></c:if>
</div>
