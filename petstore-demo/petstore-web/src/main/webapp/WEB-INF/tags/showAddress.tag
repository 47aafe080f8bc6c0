<%@ tag pageEncoding="UTF-8" description="An address as lines of text." %>
<%@ attribute name="address" required="true" type="dev.isola.petstore.account.Address" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<address>
  <c:out value="${address.firstName}"/> <c:out value="${address.lastName}"/><br>
  <c:out value="${address.street1}"/><br>
  <c:if test="${not empty address.street2}"><c:out value="${address.street2}"/><br></c:if>
  <c:out value="${address.zip}"/> <c:out value="${address.city}"/><c:if test="${not empty address.state}">, <c:out value="${address.state}"/></c:if><br>
  <c:out value="${address.country}"/>
</address>
